import { codePoints } from '../../domain/shared/text.js';

export interface TextColumn<R> {
  readonly heading: string;
  readonly cell: (row: R) => string;
  /** Numbers line up on their last digit. */
  readonly alignRight?: boolean;
}

/**
 * Control characters of stored text shown as escapes: a name must not break the table's lines or send
 * a terminal its own commands.
 */
export const printable = (text: string): string =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what this escapes
  text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const pad = (text: string, width: number, right: boolean): string => {
  const fill = ' '.repeat(Math.max(0, width - codePoints(text)));
  return right ? fill + text : text + fill;
};

/** A heading line and one line per row, each column as wide as its widest cell, two spaces apart. */
export const textTable = <R>(columns: readonly TextColumn<R>[], rows: readonly R[]): string => {
  const cells = rows.map((row) => columns.map((column) => printable(column.cell(row))));
  // A loop, not Math.max(...): spreading every row of a long listing overflows the call stack.
  const widths = columns.map((column, i) =>
    cells.reduce((width, line) => Math.max(width, codePoints(line[i] ?? '')), codePoints(column.heading)),
  );
  const line = (values: readonly string[]) =>
    values
      .map((value, i) => pad(value, widths[i] ?? 0, columns[i]?.alignRight === true))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.heading)), ...cells.map(line)].map((l) => `${l}\n`).join('');
};
