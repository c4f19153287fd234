import { Alert, Stack, Text } from '@mantine/core';

/**
 * The footer of an administration form with errors (spec: 'El formulario contiene errores' and the
 * list of what to correct); nothing when there are none. Multi-line messages keep their lines.
 */
export function FormErrors({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert color="red" variant="light" title="El formulario contiene errores" role="alert">
      <Stack gap={2}>
        {messages.map((message) => (
          <Text key={message} fz="sm" style={{ whiteSpace: 'pre-line' }}>
            {message}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
