import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { formatDate } from '../../../shared/format/dates';
import type { User, UserListQuery } from '../../../shared/schemas/users';
import { PencilIcon, PlusIcon, TrashIcon } from '../../components/icons';
import { Pagination } from '../../components/pagination';
import { useDeleteUser, useUsers } from '../../features/admin/users/api';
import { UserModal } from '../../features/admin/users/user-modal';
import { toast } from '../../lib/notifications';

type Sort = UserListQuery['sort'];
const COLUMNS: { key: Sort; label: string }[] = [
  { key: 'name', label: 'Nombre' },
  { key: 'lastName', label: 'Apellido' },
  { key: 'email', label: 'Correo electrónico' },
  { key: 'createdAt', label: 'Fecha de creación' },
];

/** /admin/users: the users catalogue (USERS permission). */
export function UsersPage() {
  useDocumentTitle('Usuarios · Administración · Vigía');
  const [search, setSearch] = useState('');
  // The search runs 1000 ms after typing stops (spec).
  const [debounced] = useDebouncedValue(search.trim(), 1000);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<{ sort: Sort; order: 'asc' | 'desc' }>({
    sort: 'createdAt',
    order: 'desc',
  });
  const query: UserListQuery = { page, search: debounced || undefined, ...sort };
  const users = useUsers(query);
  const [editing, setEditing] = useState<User | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [deleting, setDeleting] = useState<User | null>(null);
  const remove = useDeleteUser();

  const open = (user: User | null) => {
    setEditing(user);
    setModalOpen(true);
  };
  const sortBy = (key: Sort) => {
    setSort((current) => ({
      sort: key,
      order: current.sort === key && current.order === 'asc' ? 'desc' : 'asc',
    }));
    setPage(1);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: (response) => {
        toast('success', response.message);
        setDeleting(null);
      },
      onError: (error) => toast('danger', error.message || 'No fue posible eliminar el registro.'),
    });
  };

  const data = users.data;
  // The last row of the last page was deleted: show the page that now is the last one.
  useEffect(() => {
    if (data && data.page > data.pages) setPage(data.pages);
  }, [data]);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} fz={28}>
          Catálogo de Usuarios
        </Title>
        <Button leftSection={<PlusIcon />} onClick={() => open(null)}>
          Nuevo usuario
        </Button>
      </Group>
      <Paper withBorder radius="md" p="md">
        <TextInput
          placeholder="Buscar por nombre, apellido o correo"
          aria-label="Buscar usuarios"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          mb="md"
          maw={420}
        />
        {users.isError ? (
          <Alert color="red" variant="light">
            No fue posible cargar los registros. {users.error.message}
          </Alert>
        ) : !data ? (
          <Skeleton height={240} />
        ) : data.docs.length === 0 ? (
          <Text c="dimmed" py="xl" ta="center">
            {debounced
              ? `No se encontraron resultados con la búsqueda «${debounced}».`
              : 'Por ahora no hay usuarios.'}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover verticalSpacing="sm" data-testid="users-table">
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map((column) => (
                    <Table.Th
                      key={column.key}
                      aria-sort={
                        sort.sort === column.key
                          ? sort.order === 'asc'
                            ? 'ascending'
                            : 'descending'
                          : 'none'
                      }
                    >
                      <UnstyledButton onClick={() => sortBy(column.key)} fw={700} fz="sm">
                        {column.label} {sort.sort === column.key ? (sort.order === 'asc' ? '▲' : '▼') : ''}
                      </UnstyledButton>
                    </Table.Th>
                  ))}
                  <Table.Th>
                    <span className="visually-hidden">Acciones</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.docs.map((user) => (
                  <Table.Tr key={user._id}>
                    <Table.Td>
                      {user.name}{' '}
                      {!user.active ? (
                        <Badge color="gray" size="xs">
                          Sin acceso
                        </Badge>
                      ) : !user.hasPassword ? (
                        <Badge color="blue" size="xs">
                          Invitado
                        </Badge>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{user.lastName}</Table.Td>
                    <Table.Td>{user.email}</Table.Td>
                    <Table.Td>{formatDate(user.createdAt)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label="Editar">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Editar ${user.email}`}
                            onClick={() => open(user)}
                          >
                            <PencilIcon />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Eliminar">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Eliminar ${user.email}`}
                            onClick={() => setDeleting(user)}
                          >
                            <TrashIcon />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {data && data.pages > 1 ? (
          <Group justify="space-between" mt="md">
            <Text fz="sm" c="dimmed">
              {data.total.toLocaleString('es-MX')} usuarios
            </Text>
            <Pagination page={data.page} pages={data.pages} onChange={setPage} />
          </Group>
        ) : null}
      </Paper>

      <UserModal user={editing} opened={modalOpen} onClose={() => setModalOpen(false)} />

      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Eliminar Usuario" centered>
        <Stack>
          <Alert color="red" variant="light" title="Cuidado">
            Esta acción borrará el registro del catálogo permanentemente ¿Estás seguro de eliminarlo?
          </Alert>
          <Text fz="sm">
            {deleting?.name} {deleting?.lastName} ({deleting?.email}) perderá el acceso a la plataforma y sus
            sesiones se cerrarán.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancelar
            </Button>
            <Button color="red" onClick={confirmDelete} loading={remove.isPending}>
              Eliminar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
