import { Anchor, Card, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import { canOpen, useSession } from '../../../lib/session';

const SHORTCUTS: { to: string; title: string; text: string }[] = [
  {
    to: '/admin/settings',
    title: 'Configuración',
    text: 'Portada, textos, tema y datos de contacto del sitio público.',
  },
  {
    to: '/admin/contracts',
    title: 'Contratos',
    text: 'Consulta, captura y corrige los contratos del monitor.',
  },
  {
    to: '/admin/suppliers',
    title: 'Proveedores',
    text: 'El catálogo de proveedores que reciben los contratos.',
  },
];

/** Links to the sections the user may open. */
export function Shortcuts() {
  const session = useSession();
  // Only to sections the user may open.
  const shortcuts = SHORTCUTS.filter((shortcut) => canOpen(session, shortcut.to));
  if (shortcuts.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {shortcuts.map((shortcut) => (
        <Shortcut key={shortcut.to} to={shortcut.to} title={shortcut.title} text={shortcut.text} />
      ))}
    </SimpleGrid>
  );
}

function Shortcut({ to, title, text }: { to: string; title: string; text: string }) {
  return (
    <Card withBorder radius="md" component={Link} to={to} style={{ textDecoration: 'none' }}>
      <Anchor component="span" fw={700}>
        {title}
      </Anchor>
      <Text fz="sm" c="dimmed" mt={4}>
        {text}
      </Text>
    </Card>
  );
}
