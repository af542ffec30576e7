import { Alert, Button, Checkbox, Code, Paper, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface TNewWalletProps {
  address: string;
  onCreated: (address: string) => void;
  writtenDown: boolean;
  onWrittenDownChange: (value: boolean) => void;
  addressError: ReactNode;
  writtenDownError: ReactNode;
}

/**
 * Creates an Ethereum wallet in the browser (the wallet code loads only when asked for), shows
 * its recovery phrase once with a 'written down' box, and hands only the address to the form.
 */
export function NewWallet(props: TNewWalletProps) {
  const { t } = useTranslation('signup');
  const [mnemonic, setMnemonic] = useState<string | undefined>();
  const [isCreating, setIsCreating] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();

  const create = async () => {
    setIsCreating(true);
    setFailure(undefined);
    try {
      const { createWallet } = await import('../lib/wallet.ts');
      const wallet = createWallet();
      setMnemonic(wallet.mnemonic);
      props.onWrittenDownChange(false);
      props.onCreated(wallet.address);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setIsCreating(false);
    }
  };

  return (
    <Stack gap="sm">
      {(!props.address || (!mnemonic && !props.writtenDown)) && (
        <div>
          <Button variant="outline" onClick={() => void create()} loading={isCreating}>
            {isCreating ? t('newWallet.generating') : t('newWallet.generate')}
          </Button>
          {props.addressError && (
            <Text c="red.8" size="sm" mt={4} role="alert">
              {props.addressError}
            </Text>
          )}
        </div>
      )}
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {`Something went wrong!, ${failure}`}
        </Alert>
      )}
      {props.address && (
        <Text size="sm">
          {t('newWallet.created')} <Code>{props.address}</Code>
        </Text>
      )}
      {mnemonic && !props.writtenDown && (
        <Paper withBorder p="md" radius="md" bg="yellow.0">
          <Text fw={700}>{t('newWallet.phraseTitle')}</Text>
          <Text size="sm" mt={4}>
            {t('newWallet.phraseWarning')}
          </Text>
          <Code block mt="sm" data-testid="recovery-phrase" style={{ fontSize: 16, wordSpacing: 8, whiteSpace: 'normal', overflow: 'visible' }}>
            {mnemonic}
          </Code>
        </Paper>
      )}
      {props.address && props.writtenDown && (
        <Text size="sm" c="gray.7">
          {t('newWallet.hidden')}
        </Text>
      )}
      {props.address && (mnemonic || props.writtenDown) && (
        <Checkbox
          name="walletWrittenDown"
          label={t('newWallet.writtenDown')}
          checked={props.writtenDown}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            props.onWrittenDownChange(checked);
            // Shown once: once it is written down the phrase is forgotten.
            if (checked) setMnemonic(undefined);
          }}
          error={props.writtenDownError}
        />
      )}
    </Stack>
  );
}
