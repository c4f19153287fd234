import {
  Alert,
  Anchor,
  Button,
  Group,
  NumberInput,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONDITION_LABELS } from '../../../../shared/format/filter-conditions';
import {
  ANY_RED_FLAG,
  RED_FLAG_CATEGORIES,
  RED_FLAG_CODES,
  RED_FLAGS,
} from '../../../../shared/red-flags/definitions';
import { WEB_ROUTES } from '../../../../shared/routes';
import {
  ALERT_FREQUENCIES,
  ALERT_LIMITS,
  ALERT_MESSAGES,
  AlertEmailSchema,
  type AlertFrequency,
  type FollowBodyInput,
} from '../../../../shared/schemas/alerts';
import { CaptchaField } from '../../../components/captcha-field';
import { CheckIcon } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { isRecentlyUnsubscribed, useFollow } from '../api/alerts';
import { type FollowChoice, FREQUENCY_LABELS } from '../choices';

type Field = 'email' | 'kind' | 'code' | 'threshold' | 'frequency' | 'altcha';
type Errors = Partial<Record<Field, string>>;

/** The server's refusals about the captcha: shown under it. */
const CAPTCHA_REFUSALS = new Set<string>([
  ALERT_MESSAGES.captchaRequired,
  ALERT_MESSAGES.captchaInvalid,
  ALERT_MESSAGES.captchaExpired,
  ALERT_MESSAGES.captchaUsed,
]);

/** The request for the chosen thing: each kind sends only what belongs to it. */
function targetOf(choice: FollowChoice, code: string, threshold: number | string) {
  switch (choice.kind) {
    case 'CONTRACTS':
      return { kind: choice.kind, filters: choice.filters };
    case 'FLAG':
      return { kind: choice.kind, code: code as FollowBodyInput['code'] };
    case 'INDEX':
      return { kind: choice.kind, threshold: typeof threshold === 'number' ? threshold : Number.NaN };
    case 'PUBLICATION':
      return { kind: choice.kind };
  }
}

/**
 * 'Seguir' (issue 33): an e-mail address, what to follow among the page's choices, how often, and
 * the contact form's captcha. The server answers by e-mail (double opt-in); its refusals are shown
 * in the form, under the field they are about. An address that unsubscribed recently is asked
 * whether it wants alerts again, and the same request goes again with `again`.
 */
export function FollowForm({ choices, onDone }: { choices: FollowChoice[]; onDone?: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [picked, setPicked] = useState('0');
  const firstFlag = choices.find((choice) => choice.kind === 'FLAG');
  const [code, setCode] = useState<string>((firstFlag?.kind === 'FLAG' && firstFlag.code) || ANY_RED_FLAG);
  const [threshold, setThreshold] = useState<number | string>(ALERT_LIMITS.defaultThreshold);
  const [frequency, setFrequency] = useState<AlertFrequency>('IMMEDIATE');
  const [altcha, setAltcha] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [askAgain, setAskAgain] = useState<FollowBodyInput | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const follow = useFollow();
  const emailInput = useRef<HTMLInputElement>(null);

  const flagOptions = useMemo(
    () => [
      { value: ANY_RED_FLAG, label: t(CONDITION_LABELS.anyRedFlagText) },
      ...RED_FLAG_CATEGORIES.map((category) => ({
        group: t(category.name),
        items: RED_FLAG_CODES.filter((flag) => RED_FLAGS[flag].category === category.code).map((flag) => ({
          value: flag,
          label: t(RED_FLAGS[flag].name),
        })),
      })),
    ],
    [t],
  );

  if (sentTo) return <Sent email={sentTo} onDone={onDone} />;

  const choice = choices[Number(picked)] ?? choices[0];
  const clear = (field: Field) => {
    setErrors(({ [field]: _fixed, ...rest }) => rest);
    setRefusal(null);
  };

  const send = (body: FollowBodyInput) => {
    setRefusal(null);
    follow.mutate(body, {
      onSuccess: () => setSentTo(String(body.email).trim()),
      onError: (error) => {
        if (isRecentlyUnsubscribed(error)) {
          // The captcha was checked but not spent: the same request goes again once they say yes.
          setAskAgain(body);
          return;
        }
        setAskAgain(null);
        const found: Errors = {};
        if (error instanceof ApiError && error.errors) {
          for (const item of error.errors) {
            const field = item.path.replace(/^body\./, '').split('.')[0] as Field;
            found[field] ??= item.message;
          }
        }
        const placed = Object.keys(found).length > 0;
        if (!placed && CAPTCHA_REFUSALS.has(error.message)) found.altcha = error.message;
        setErrors(found);
        setRefusal(Object.keys(found).length > 0 ? null : error.message);
        // The solution may be spent or expired: the visitor ticks a fresh box.
        setAltcha(null);
        setCaptchaRound((round) => round + 1);
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (follow.isPending || !choice) return;
    const found: Errors = {};
    const address = AlertEmailSchema.safeParse(email);
    if (!address.success) found.email = address.error.issues[0]?.message ?? ALERT_MESSAGES.emailInvalid;
    const target = targetOf(choice, code, threshold);
    if (
      target.kind === 'INDEX' &&
      !(target.threshold >= ALERT_LIMITS.thresholdMin && target.threshold <= ALERT_LIMITS.thresholdMax)
    ) {
      found.threshold = ALERT_MESSAGES.thresholdInvalid;
    }
    if (!altcha) found.altcha = ALERT_MESSAGES.captchaRequired;
    setErrors(found);
    setAskAgain(null);
    if (Object.keys(found).length > 0) {
      if (found.email) emailInput.current?.focus();
      return;
    }
    send({ email: email.trim(), ...target, frequency, altcha: altcha ?? '' });
  };

  const message = (field: Field) => (errors[field] ? t(errors[field]) : undefined);
  return (
    <form onSubmit={submit} noValidate aria-label={t('Seguir por correo')}>
      <Stack gap="md">
        <TextInput
          ref={emailInput}
          label={t('Correo electrónico')}
          placeholder={t('nombre@ejemplo.com')}
          name="email"
          type="email"
          autoComplete="email"
          withAsterisk
          data-autofocus
          maxLength={ALERT_LIMITS.email}
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            clear('email');
          }}
          error={message('email')}
        />
        <Radio.Group
          label={t('¿Qué quieres seguir?')}
          value={picked}
          onChange={(value) => {
            setPicked(value);
            clear('kind');
            clear('threshold');
          }}
          error={message('kind')}
        >
          <Stack gap="xs" mt={6}>
            {choices.map((item, index) => (
              <Radio
                key={`${item.kind}-${item.label}`}
                value={String(index)}
                label={t(item.label)}
                description={item.description}
              />
            ))}
          </Stack>
        </Radio.Group>
        {choice?.kind === 'FLAG' ? (
          <Select
            label={t('Señal de alerta')}
            data={flagOptions}
            value={code}
            onChange={(value) => {
              if (value) setCode(value);
              clear('code');
            }}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
            error={message('code')}
          />
        ) : null}
        {choice?.kind === 'INDEX' ? (
          <NumberInput
            label={t('Puntos que debe cambiar el índice')}
            min={ALERT_LIMITS.thresholdMin}
            max={ALERT_LIMITS.thresholdMax}
            step={0.5}
            decimalScale={2}
            value={threshold}
            onChange={(value) => {
              setThreshold(value);
              clear('threshold');
            }}
            error={message('threshold')}
          />
        ) : null}
        <Radio.Group
          label={t('¿Cada cuándo?')}
          value={frequency}
          onChange={(value) => {
            setFrequency(value as AlertFrequency);
            clear('frequency');
          }}
          error={message('frequency')}
        >
          <Stack gap="xs" mt={6}>
            {ALERT_FREQUENCIES.map((value) => (
              <Radio key={value} value={value} label={t(FREQUENCY_LABELS[value])} />
            ))}
          </Stack>
        </Radio.Group>
        {askAgain ? (
          <Alert color="yellow" variant="light" role="alert" title={t(ALERT_MESSAGES.recentlyUnsubscribed)}>
            <Group gap="xs" mt="xs">
              <Button size="xs" onClick={() => send({ ...askAgain, again: true })} loading={follow.isPending}>
                {t('Sí, volver a recibir avisos')}
              </Button>
              <Button size="xs" variant="default" onClick={() => (onDone ? onDone() : setAskAgain(null))}>
                {t('No, gracias')}
              </Button>
            </Group>
          </Alert>
        ) : null}
        {refusal ? (
          <Text c="red" fz="sm" role="alert">
            {t(refusal)}
          </Text>
        ) : null}
        <Text fz="xs" c="dimmed">
          {t(
            'Tu correo solo se usa para enviarte estos avisos. Te pediremos confirmarlo y podrás dejar de seguir cuando quieras.',
          )}{' '}
          <Anchor component={Link} to={WEB_ROUTES.privacy} fz="xs" target="_blank">
            {t('Aviso de Privacidad')}
          </Anchor>
        </Text>
        <div>
          <Group justify="space-between" align="center" gap="md">
            <CaptchaField
              key={captchaRound}
              onChange={(payload) => {
                setAltcha(payload);
                if (payload) clear('altcha');
              }}
              invalid={Boolean(errors.altcha)}
            />
            <Button
              type="submit"
              w={{ base: '100%', xs: 'auto' }}
              loading={follow.isPending && !askAgain}
              disabled={Boolean(askAgain)}
            >
              {t('Seguir')}
            </Button>
          </Group>
          {errors.altcha ? (
            <Text c="red" fz="sm" mt={6} role="alert">
              {message('altcha')}
            </Text>
          ) : null}
        </div>
      </Stack>
    </form>
  );
}

/** What replaces the form once the server sent the confirmation e-mail. */
function Sent({ email, onDone }: { email: string; onDone?: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack align="center" gap="sm" py="md" ta="center" role="status">
      <ThemeIcon size={48} radius="xl" color="green" variant="light">
        <CheckIcon size={26} />
      </ThemeIcon>
      <Title order={2} fz="lg" ref={heading} tabIndex={-1}>
        {t('Revisa tu correo')}
      </Title>
      <Text>
        {t('Te enviamos un correo a {{email}} para confirmar. Hasta que lo confirmes no recibirás avisos.', {
          email,
        })}
      </Text>
      {onDone ? (
        <Button variant="light" onClick={onDone}>
          {t('Cerrar')}
        </Button>
      ) : null}
    </Stack>
  );
}
