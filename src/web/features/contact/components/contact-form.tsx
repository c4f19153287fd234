import { Button, Group, Stack, Text, Textarea, TextInput, ThemeIcon, Title } from '@mantine/core';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_LIMITS, ContactBodySchema } from '../../../../shared/schemas/contact';
import { CaptchaField } from '../../../components/captcha-field';
import { CheckIcon } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/notifications';
import { useSendContactMessage } from '../api/contact';

type Field = 'name' | 'email' | 'phone' | 'message' | 'altcha';
type Draft = Record<Exclude<Field, 'altcha'>, string>;
const EMPTY: Draft = { name: '', email: '', phone: '', message: '' };

/**
 * The contact form (spec: name, e-mail, optional phone, message, the captcha beside 'Enviar
 * Mensaje'). It checks the fields with the server's own schema and shows each message under its
 * field; a refusal from the server is shown as a toast and asks for the captcha again. Once sent,
 * the confirmation takes the form's place.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [altcha, setAltcha] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const send = useSendContactMessage();

  if (send.isSuccess) return <Sent />;

  const clear = (field: Field) => setErrors(({ [field]: _fixed, ...rest }) => rest);
  const edit = (field: keyof Draft) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { value } = event.currentTarget;
    setDraft((current) => ({ ...current, [field]: value }));
    clear(field);
  };
  const onCaptcha = (payload: string | null) => {
    setAltcha(payload);
    if (payload) clear('altcha');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const parsed = ContactBodySchema.safeParse({ ...draft, altcha: altcha ?? '' });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      return;
    }
    send.mutate(parsed.data, {
      onError: (error) => {
        if (error instanceof ApiError && error.errors) {
          const found: Partial<Record<Field, string>> = {};
          for (const item of error.errors) found[item.path.replace(/^body\./, '') as Field] ??= item.message;
          setErrors(found);
        }
        toast('danger', error.message);
        // The solution may be spent or expired: the visitor ticks a fresh box.
        setAltcha(null);
        setCaptchaRound((round) => round + 1);
      },
    });
  };

  const message = (field: Field) => (errors[field] ? t(errors[field]) : undefined);
  return (
    <form onSubmit={submit} noValidate aria-label={t('Formulario de contacto')}>
      <Stack gap="md">
        <TextInput
          label={t('Nombre')}
          placeholder={t('Escribe tu nombre y apellidos')}
          name="name"
          autoComplete="name"
          withAsterisk
          maxLength={CONTACT_LIMITS.name}
          value={draft.name}
          onChange={edit('name')}
          error={message('name')}
        />
        <TextInput
          label={t('Correo electrónico')}
          placeholder={t('nombre@ejemplo.com')}
          name="email"
          type="email"
          autoComplete="email"
          withAsterisk
          maxLength={CONTACT_LIMITS.email}
          value={draft.email}
          onChange={edit('email')}
          error={message('email')}
        />
        <TextInput
          label={t('Teléfono')}
          description={t('Opcional')}
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={CONTACT_LIMITS.phone}
          value={draft.phone}
          onChange={edit('phone')}
          error={message('phone')}
        />
        <Textarea
          label={t('Mensaje')}
          placeholder={t('¿En qué podemos ayudarte?')}
          name="message"
          withAsterisk
          autosize
          minRows={5}
          maxRows={14}
          maxLength={CONTACT_LIMITS.message}
          value={draft.message}
          onChange={edit('message')}
          error={message('message')}
        />
        <Text fz="sm" c="dimmed">
          {t('* Campos obligatorios')}
        </Text>
        <div>
          <Group justify="space-between" align="center" gap="md">
            <CaptchaField key={captchaRound} onChange={onCaptcha} invalid={Boolean(errors.altcha)} />
            <Button type="submit" size="md" w={{ base: '100%', xs: 'auto' }} loading={send.isPending}>
              {t('Enviar Mensaje')}
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

/** What replaces the form once the server has accepted the message. */
function Sent() {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form was taller: bring the confirmation into view, and to screen readers' attention.
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'center' });
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Stack gap="sm" align="center" ta="center" py="xl" role="status">
      <ThemeIcon size={56} radius="xl" variant="light">
        <CheckIcon size={28} />
      </ThemeIcon>
      <Title order={2} fz="xl" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        {t('¡Tu mensaje ha sido enviado!')}
      </Title>
      <Text c="dimmed" maw={420}>
        {t('Gracias por comunicarte con nosotros, en breve te responderemos.')}
      </Text>
    </Stack>
  );
}
