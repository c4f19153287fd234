import { Table, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { CONTRACT_FIELDS, CONTRACT_SHEET_COLUMNS } from '../../../../shared/contracts/fields';
import { DATA_LOAD_MESSAGES, type DataLoadRowDoc, ROW_FIELD_OF } from '../../../../shared/schemas/data-load';
import classes from './review-table.module.css';

/** The table's columns: every sheet column, in code order, by the review's field name. */
const COLUMNS = CONTRACT_SHEET_COLUMNS.map((column) => ({
  code: column.code,
  field: ROW_FIELD_OF.get(column.code)!,
  label: column.part === 'rfc' ? 'RFC del proveedor' : CONTRACT_FIELDS[column.field].label,
}));

const LIMIT = 30;

/** A row's mark: errors, a duplicate that will be skipped, or records it will create (spec's tooltips). */
function RowMark({ row }: { row: DataLoadRowDoc }) {
  const [color, symbol, label] = row.hasErrors
    ? ['red', '!', DATA_LOAD_MESSAGES.rowHasErrors]
    : row.skipRow
      ? ['gray', '=', DATA_LOAD_MESSAGES.rowSkipped]
      : ['green', '+', DATA_LOAD_MESSAGES.rowCreates];
  return (
    <Tooltip label={label} withArrow events={{ hover: true, focus: true, touch: true }}>
      <ThemeIcon color={color} size="sm" radius="xl" tabIndex={0} aria-label={label}>
        <Text span fz="xs" fw={800} lh={1}>
          {symbol}
        </Text>
      </ThemeIcon>
    </Tooltip>
  );
}

/** One value: cut at 30 characters, marked red (error) or blue (info), the whole text and messages in a tooltip. */
function ValueCell({ field }: { field: DataLoadRowDoc['data'][string] | undefined }) {
  const value = field?.value ?? '';
  const errors = field?.errors ?? [];
  const infos = field?.infos ?? [];
  const kind = errors.length > 0 ? 'error' : infos.length > 0 ? 'info' : null;
  const shown = value.length > LIMIT ? `${value.slice(0, LIMIT - 3)}...` : value;
  const tip = [value.length > LIMIT ? value : null, ...errors, ...infos].filter(Boolean).join('\n');
  const content = (
    <span className={classes.value} data-kind={kind ?? undefined}>
      {shown || <span className={classes.empty}>—</span>}
      {field?.shouldCreateDoc ? <span className={classes.created}> (nuevo)</span> : null}
    </span>
  );
  return (
    <Table.Td className={kind ? classes[kind] : undefined} data-kind={kind ?? undefined}>
      {tip ? (
        <Tooltip
          label={tip}
          multiline
          maw={420}
          withArrow
          style={{ whiteSpace: 'pre-line' }}
          events={{ hover: true, focus: true, touch: true }}
        >
          <Text span inherit tabIndex={0} className={classes.tip}>
            {content}
          </Text>
        </Tooltip>
      ) : (
        content
      )}
    </Table.Td>
  );
}

/** The load's rows with their 34 values (scrolls sideways on a phone). */
export function ReviewTable({ rows }: { rows: DataLoadRowDoc[] }) {
  return (
    <Table.ScrollContainer minWidth={1200} type="native" tabIndex={0}>
      <Table striped={false} withTableBorder withColumnBorders fz="sm" className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.rowNumber}>Fila</Table.Th>
            {COLUMNS.map((column) => (
              <Table.Th key={column.code} title={column.code}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={`${row.fileName ?? ''}:${row.rowIndex}`}
              data-row={row.rowIndex}
              data-file={row.fileName ?? undefined}
              data-status={row.status}
            >
              <Table.Td className={classes.rowNumber}>
                <span className={classes.rowHead}>
                  <RowMark row={row} />
                  {row.rowIndex}
                </span>
                {/* An upload of several files: which one the row is from. */}
                {row.fileName ? (
                  <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {row.fileName}
                  </Text>
                ) : null}
              </Table.Td>
              {COLUMNS.map((column) => (
                <ValueCell key={column.code} field={row.data[column.field]} />
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
