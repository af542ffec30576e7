import { Alert, Anchor, Box, Button, Checkbox, Container, Group, List, Paper, PasswordInput, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Controller, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { maskCard, paths, type TSignUpRole } from '@kc/domain';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCountries } from '../../../lib/api/get-countries.ts';
import { useCities } from '../../../lib/api/get-cities.ts';
import { useRegisterUser } from '../api/register-user.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { EMPTY_SIGN_UP, LAST_STEP, STEP_KEYS, schemaForStep, stepOfField, toRegisterInput, type TSignUpFormValues, type TStep } from '../lib/form-values.ts';
import { translateFieldMessage } from '../../../lib/translate-field-message.ts';
import { CitySelect, CountrySelect } from './lookup-selects.tsx';
import { NewWallet } from './new-wallet.tsx';
import '../i18n.ts';

type TName = FieldPath<TSignUpFormValues>;
/** Field errors in red 9: Mantine's default error red fails WCAG AA contrast on white. */
const ACCESSIBLE_ERROR_COLOR = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;
const FIELD_NAMES = Object.keys(EMPTY_SIGN_UP) as TName[];

/**
 * The four-step registration wizard (personal, payment, billing, confirmation) of the four
 * sign-up routes. Each step is validated with its shared schema before moving on; values are
 * kept when going back; Finalizar sends the whole registration with the route's role.
 */
export function SignUpPage({ role }: { role: TSignUpRole }) {
  const { t } = useTranslation('signup');
  const { t: tm } = useTranslation();
  const [step, setStep] = useState<TStep>(0);
  const stepRef = useRef<TStep>(0);
  stepRef.current = step;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const mutation = useRegisterUser();
  const [stepHasErrors, setStepHasErrors] = useState(false);

  const resolver = useMemo<Resolver<TSignUpFormValues>>(
    () => (values, context, options) => {
      const current = stepRef.current;
      const schema = schemaForStep(current, new Date());
      const input = current === LAST_STEP ? toRegisterInput(values, role) : values;
      const run = zodResolver(schema as never) as unknown as Resolver<TSignUpFormValues>;
      return run(input as TSignUpFormValues, context, options);
    },
    [role],
  );
  const form = useForm<TSignUpFormValues>({ resolver, defaultValues: EMPTY_SIGN_UP, mode: 'onTouched' });
  const { errors } = form.formState;
  const error = (name: TName) => translateFieldMessage(tm, errors[name]?.message);
  const values = form.watch();

  // Countries load when the wizard opens.
  useCountries(currentLanguage());

  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);

  const goTo = (next: TStep) => {
    setStepHasErrors(false);
    setStep(next);
  };

  const onValid = (valid: TSignUpFormValues) => {
    if (step === 1 && valid.newEthereumWallet && !form.getValues('walletWrittenDown')) {
      form.setError('walletWrittenDown', { type: 'manual', message: t('newWallet.mustConfirm') });
      setStepHasErrors(true);
      return;
    }
    if (step < LAST_STEP) return goTo((step + 1) as TStep);
    mutation.mutate(toRegisterInput(form.getValues(), role) as never, {
      onError: (failure) => {
        if (!(failure instanceof ApiError)) return;
        const fields = failure.extracted.fields.filter((f) => FIELD_NAMES.includes(f.field as TName));
        let first: TStep | undefined;
        for (const { field, message } of fields) {
          form.setError(field as TName, { type: 'server', message });
          const at = stepOfField(field);
          if (at !== undefined && (first === undefined || at < first)) first = at;
        }
        if (first !== undefined) {
          setStep(first);
          setStepHasErrors(true);
        } else {
          alertRef.current?.focus();
        }
      },
    });
  };
  const onNext = form.handleSubmit(onValid, () => setStepHasErrors(true));

  const title = t(`titles.${role}`);

  if (mutation.isSuccess) {
    return (
      <Container size="sm" py="xl">
        <PageMeta title={`${title} | KC`} description={t(`descriptions.${role}`)} />
        <Paper withBorder p="xl" radius="md" role="status">
          <Title order={1}>{t('thanks.title')}</Title>
          <Text mt="md">{t('thanks.text')}</Text>
          <Text mt="sm">{t('thanks.mail', { email: mutation.data.email })}</Text>
          <Button component={Link} to={paths.home.href()} mt="lg">
            {t('thanks.home')}
          </Button>
        </Paper>
      </Container>
    );
  }

  const textField = (name: TName, extra: Record<string, unknown> = {}) => ({
    label: t(`fields.${name}`),
    required: true,
    // Mantine's dimmed description colour fails WCAG contrast; gray.7 passes (stack-notes, 6).
    styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    error: error(name),
    ...form.register(name),
    ...extra,
  });

  return (
    <Container size="md" py="xl" style={ACCESSIBLE_ERROR_COLOR}>
      <PageMeta title={`${title} | KC`} description={t(`descriptions.${role}`)} />
      <Title order={1} id={titleId}>
        {title}
      </Title>
      <Box component="ol" aria-label={t('stepOf', { current: step + 1, total: 4, name: t(`steps.${STEP_KEYS[step]}`) })} mt="md" p={0} style={{ listStyle: 'none', display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        {STEP_KEYS.map((key, index) => (
          <Text component="li" key={key} size="sm" fw={index === step ? 700 : 400} c={index === step ? 'kc.8' : 'gray.7'} aria-current={index === step ? 'step' : undefined}>
            {index + 1}. {t(`steps.${key}`)}
          </Text>
        ))}
      </Box>
      <Paper withBorder p="lg" radius="md" mt="md">
        <Title order={2} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          {t('stepOf', { current: step + 1, total: 4, name: t(`steps.${STEP_KEYS[step]}`) })}
        </Title>
        <Text size="sm" c="gray.7" mt={4}>
          {step === LAST_STEP ? t('summary.intro') : t('requiredHint')}
        </Text>
        {stepHasErrors && Object.keys(errors).length > 0 && (
          <Alert color="red" variant="light" role="alert" mt="md">
            {t('stepErrors')}
          </Alert>
        )}
        <div ref={alertRef} tabIndex={-1} style={{ outline: 'none' }}>
          {mutation.isError && !(mutation.error instanceof ApiError && mutation.error.extracted.fields.length > 0) && (
            <Alert color="red" variant="light" role="alert" mt="md">
              <Text>{mutation.error instanceof ApiError ? mutation.error.extracted.message : t('submitError')}</Text>
            </Alert>
          )}
        </div>
        <form noValidate onSubmit={(event) => void onNext(event)} aria-labelledby={titleId}>
          <fieldset disabled={mutation.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="md" mt="md">
              {step === 0 && (
                <>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                    <TextInput {...textField('email', { type: 'email', autoComplete: 'email' })} />
                    <div />
                    <PasswordInput {...textField('password', { autoComplete: 'new-password', description: t('fields.passwordHint') })} />
                    <PasswordInput {...textField('repeatPassword', { autoComplete: 'new-password' })} />
                  </SimpleGrid>
                  <Controller
                    control={form.control}
                    name="investorType"
                    render={({ field }) => (
                      <Radio.Group label={t('fields.investorType')} value={field.value} onChange={(v) => field.onChange(v)} required>
                        <Group mt="xs">
                          <Radio value="PERSON" name="investorType" label={t('fields.investorTypes.PERSON')} />
                          <Radio value="COMPANY" name="investorType" label={t('fields.investorTypes.COMPANY')} />
                        </Group>
                      </Radio.Group>
                    )}
                  />
                  {values.investorType === 'COMPANY' && (
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                      <TextInput {...textField('companyName', { autoComplete: 'organization', description: t('fields.companyHint') })} />
                      <TextInput {...textField('companyTaxId')} />
                    </SimpleGrid>
                  )}
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                    <TextInput {...textField('firstName', { autoComplete: 'given-name' })} />
                    <TextInput {...textField('lastName', { autoComplete: 'family-name' })} />
                    <TextInput {...textField('dni')} />
                    <TextInput {...textField('dateOfBirth', { type: 'date', autoComplete: 'bday' })} />
                    <Controller
                      control={form.control}
                      name="countryId"
                      render={({ field }) => (
                        <CountrySelect
                          name="countryId"
                          label={t('fields.countryId')}
                          value={field.value}
                          onChange={(v) => {
                            field.onChange(v);
                            form.setValue('cityId', '');
                          }}
                          onBlur={field.onBlur}
                          error={error('countryId')}
                          inputRef={field.ref}
                        />
                      )}
                    />
                    <Controller
                      control={form.control}
                      name="cityId"
                      render={({ field }) => (
                        <CitySelect
                          name="cityId"
                          label={t('fields.cityId')}
                          countryId={values.countryId}
                          value={field.value}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                          error={error('cityId')}
                          inputRef={field.ref}
                        />
                      )}
                    />
                    <TextInput {...textField('postalCode', { autoComplete: 'postal-code' })} />
                  </SimpleGrid>
                </>
              )}
              {step === 1 && (
                <>
                  <Controller
                    control={form.control}
                    name="useCreditCard"
                    render={({ field }) => (
                      <Checkbox
                        name="useCreditCard"
                        label={t('fields.useCreditCard')}
                        checked={field.value}
                        onChange={(event) => field.onChange(event.currentTarget.checked)}
                        ref={field.ref}
                      />
                    )}
                  />
                  {values.useCreditCard && (
                    <>
                      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                        <TextInput {...textField('creditCard', { inputMode: 'numeric', autoComplete: 'cc-number' })} />
                        <TextInput {...textField('ccv', { inputMode: 'numeric', autoComplete: 'cc-csc', maxLength: 4 })} />
                        <TextInput {...textField('expirationDate', { autoComplete: 'cc-exp', placeholder: 'MM/AA' })} />
                      </SimpleGrid>
                      <Text size="sm" c="gray.7">
                        {t('fields.cardNote')}
                      </Text>
                    </>
                  )}
                  <Controller
                    control={form.control}
                    name="newEthereumWallet"
                    render={({ field }) => (
                      <Radio.Group
                        label={t('fields.wallet')}
                        required
                        value={field.value ? 'true' : 'false'}
                        onChange={(v) => {
                          field.onChange(v === 'true');
                          form.setValue('ethereumWallet', '');
                          form.setValue('walletWrittenDown', false);
                          form.clearErrors(['ethereumWallet', 'walletWrittenDown']);
                        }}
                      >
                        <Group mt="xs">
                          <Radio value="false" name="newEthereumWallet" label={t('fields.walletExisting')} />
                          <Radio value="true" name="newEthereumWallet" label={t('fields.walletNew')} />
                        </Group>
                      </Radio.Group>
                    )}
                  />
                  {values.newEthereumWallet ? (
                    <NewWallet
                      address={values.ethereumWallet}
                      onCreated={(address) => form.setValue('ethereumWallet', address, { shouldValidate: true })}
                      writtenDown={values.walletWrittenDown}
                      onWrittenDownChange={(checked) => {
                        form.setValue('walletWrittenDown', checked);
                        if (checked) form.clearErrors('walletWrittenDown');
                      }}
                      addressError={errors.ethereumWallet ? t('newWallet.mustGenerate') : undefined}
                      writtenDownError={error('walletWrittenDown')}
                    />
                  ) : (
                    <TextInput {...textField('ethereumWallet', { autoComplete: 'off', spellCheck: false, placeholder: '0x…' })} />
                  )}
                </>
              )}
              {step === 2 && (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <TextInput {...textField('billingAddressLine1', { autoComplete: 'address-line1' })} />
                  <TextInput {...textField('billingAddressLine2', { autoComplete: 'address-line2' })} />
                  <Controller
                    control={form.control}
                    name="billingCountry"
                    render={({ field }) => (
                      <CountrySelect
                        name="billingCountry"
                        label={t('fields.billingCountry')}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        error={error('billingCountry')}
                        inputRef={field.ref}
                      />
                    )}
                  />
                  <TextInput {...textField('billingState', { autoComplete: 'address-level1' })} />
                  <TextInput {...textField('billingCity', { autoComplete: 'address-level2' })} />
                  <TextInput {...textField('billingPostalCode', { autoComplete: 'postal-code' })} />
                </SimpleGrid>
              )}
              {step === 3 && (
                <>
                  <Summary values={values} />
                  {/* Issue 16, consent records: optional, unticked; the server records it either way. */}
                  <Controller
                    control={form.control}
                    name="acceptMarketing"
                    render={({ field }) => (
                      <Checkbox
                        name="acceptMarketing"
                        label={t('fields.acceptMarketing')}
                        checked={field.value}
                        onChange={(event) => field.onChange(event.currentTarget.checked)}
                        ref={field.ref}
                      />
                    )}
                  />
                  <Text size="sm">
                    {t('privacyNotice')}{' '}
                    <Anchor component={Link} to={paths.privacyPolicy.href()} size="sm">
                      {t('privacyLink')}
                    </Anchor>
                    .
                  </Text>
                </>
              )}
              <Group justify="space-between" mt="md">
                <Button variant="default" onClick={() => goTo((step - 1) as TStep)} disabled={step === 0}>
                  {t('previous')}
                </Button>
                <Button type="submit" loading={mutation.isPending}>
                  {step === LAST_STEP ? (mutation.isPending ? t('sending') : t('finish')) : t('next')}
                </Button>
              </Group>
            </Stack>
          </fieldset>
        </form>
      </Paper>
      <Text mt="md" size="sm">
        <Anchor component={Link} to={paths.login.href()}>
          {tm('nav.login')}
        </Anchor>
      </Text>
    </Container>
  );
}

/** Step 3: what will be sent, the card masked. */
function Summary({ values }: { values: TSignUpFormValues }) {
  const { t } = useTranslation('signup');
  const countries = useCountries(currentLanguage());
  const cities = useCities(values.countryId);
  const countryName = (id: string) => countries.data?.find((c) => c.id === id)?.name ?? id;
  const cityName = cities.data?.find((c) => c.id === values.cityId)?.name ?? values.cityId;
  const row = (label: string, value: string) => (
    <List.Item key={label}>
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {value}
    </List.Item>
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      <Box>
        <Title order={3} size="h4">
          {t('summary.personal')}
        </Title>
        <List size="sm" mt="xs" listStyleType="none">
          {row(t('fields.email'), values.email)}
          {row(t('fields.investorType'), t(`fields.investorTypes.${values.investorType}`))}
          {values.investorType === 'COMPANY' && row(t('fields.companyName'), values.companyName)}
          {values.investorType === 'COMPANY' && row(t('fields.companyTaxId'), values.companyTaxId)}
          {row(t('fields.firstName'), values.firstName)}
          {row(t('fields.lastName'), values.lastName)}
          {row(t('fields.dni'), values.dni)}
          {row(t('fields.dateOfBirth'), values.dateOfBirth.split('-').reverse().join('/'))}
          {row(t('fields.countryId'), countryName(values.countryId))}
          {row(t('fields.cityId'), cityName)}
          {row(t('fields.postalCode'), values.postalCode)}
        </List>
      </Box>
      <Box>
        <Title order={3} size="h4">
          {t('summary.payment')}
        </Title>
        <List size="sm" mt="xs" listStyleType="none">
          {row(t('fields.creditCard'), values.useCreditCard ? maskCard(values.creditCard) : t('summary.noCard'))}
          {values.useCreditCard && row(t('fields.expirationDate'), values.expirationDate)}
          {row(t('fields.ethereumWallet'), values.ethereumWallet)}
          {values.newEthereumWallet && row(t('fields.wallet'), t('summary.newWallet'))}
        </List>
      </Box>
      <Box>
        <Title order={3} size="h4">
          {t('summary.billing')}
        </Title>
        <List size="sm" mt="xs" listStyleType="none">
          {row(t('fields.billingAddressLine1'), values.billingAddressLine1)}
          {row(t('fields.billingAddressLine2'), values.billingAddressLine2)}
          {row(t('fields.billingCountry'), countryName(values.billingCountry))}
          {row(t('fields.billingState'), values.billingState)}
          {row(t('fields.billingCity'), values.billingCity)}
          {row(t('fields.billingPostalCode'), values.billingPostalCode)}
        </List>
      </Box>
    </SimpleGrid>
  );
}
