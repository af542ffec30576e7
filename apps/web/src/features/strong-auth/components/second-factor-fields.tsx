import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { normalizeRecoveryCode, normalizeTotpCode } from '@kc/domain/strong-auth/rules.ts';

/** The texts the second-factor form shows (the login page and the step-up dialog word them apart). */
export interface TSecondFactorTexts {
  codeLabel: string;
  codeHint?: string;
  recoveryCodeLabel: string;
  recoveryCodeHint?: string;
  useRecoveryCode: string;
  useCode: string;
  usePasskey: string;
  verify: string;
  verifying: string;
  codeFormat: string;
  recoveryCodeFormat: string;
}

export type TSecondFactorInput = { kind: 'code'; code: string } | { kind: 'recoveryCode'; recoveryCode: string };

const DESCRIPTION_STYLES = { description: { color: 'var(--mantine-color-gray-7)' } };

/**
 * A six-digit code field (one-time-code autocomplete), a switch to a recovery code, and a passkey
 * button when the person has one: the form of the login's second step and of the step-up dialog.
 * Codes are checked for shape here (the domain's rules) before anything is sent; `error` is the
 * server's refusal, shown on the field.
 */
export function SecondFactorFields({
  texts,
  hasCode,
  hasPasskey,
  busy,
  error,
  onSubmit,
  onPasskey,
  extraActions,
}: {
  texts: TSecondFactorTexts;
  hasCode: boolean;
  hasPasskey: boolean;
  busy: boolean;
  error: string | undefined;
  onSubmit: (input: TSecondFactorInput) => void;
  onPasskey: () => void;
  extraActions?: ReactNode;
}) {
  const [mode, setMode] = useState<'code' | 'recoveryCode'>(hasCode ? 'code' : 'recoveryCode');
  const [value, setValue] = useState('');
  const [formatError, setFormatError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'code') {
      const code = normalizeTotpCode(value);
      if (!code) return setFormatError(texts.codeFormat);
      setFormatError(undefined);
      onSubmit({ kind: 'code', code });
    } else {
      const code = normalizeRecoveryCode(value);
      if (!code) return setFormatError(texts.recoveryCodeFormat);
      setFormatError(undefined);
      onSubmit({ kind: 'recoveryCode', recoveryCode: value.trim() });
    }
  };

  const switchTo = (next: 'code' | 'recoveryCode') => {
    setMode(next);
    setValue('');
    setFormatError(undefined);
  };

  return (
    <form noValidate onSubmit={submit}>
      <fieldset disabled={busy} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          {mode === 'code' ? (
            <TextInput
              key="code"
              label={texts.codeLabel}
              description={texts.codeHint}
              styles={DESCRIPTION_STYLES}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              required
              data-autofocus
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              error={formatError ?? error}
            />
          ) : (
            <TextInput
              key="recovery"
              label={texts.recoveryCodeLabel}
              description={texts.recoveryCodeHint}
              styles={DESCRIPTION_STYLES}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={14}
              required
              data-autofocus
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              error={formatError ?? error}
            />
          )}
          <Button type="submit" loading={busy} fullWidth>
            {busy ? texts.verifying : texts.verify}
          </Button>
          {hasCode ? (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => switchTo(mode === 'code' ? 'recoveryCode' : 'code')}
              style={{ alignSelf: 'flex-start' }}
            >
              {mode === 'code' ? texts.useRecoveryCode : texts.useCode}
            </Anchor>
          ) : null}
          {hasPasskey ? (
            <Button variant="outline" onClick={onPasskey} fullWidth data-testid="second-factor-passkey">
              {texts.usePasskey}
            </Button>
          ) : null}
          {extraActions}
        </Stack>
      </fieldset>
    </form>
  );
}
