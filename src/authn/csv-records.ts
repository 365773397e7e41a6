/**
 * A CSV reader with Go encoding/csv semantics (RFC 4180, LazyQuotes off, FieldsPerRecord
 * -1), the reader kube's token file uses. Quoted fields may hold commas, doubled quotes and
 * line breaks; a bare quote inside an unquoted field is an error; empty lines are skipped;
 * `\r\n` ends a line like `\n`.
 */

/** One record and the 1-based line it starts on. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** Parses every record; throws an Error naming the line of the first syntax error. */
export function parseCsvRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const state = { text: text.replace(/\r\n/g, '\n'), pos: 0, line: 1 };
  while (state.pos < state.text.length) {
    if (state.text[state.pos] === '\n') {
      state.pos++;
      state.line++;
      continue;
    }
    const line = state.line;
    records.push({ line, fields: readRecord(state) });
  }
  return records;
}

interface ReaderState {
  text: string;
  pos: number;
  line: number;
}

/** Reads fields until the end of the record (newline or end of text), consuming the newline. */
function readRecord(state: ReaderState): string[] {
  const fields: string[] = [];
  for (;;) {
    fields.push(state.text[state.pos] === '"' ? readQuoted(state) : readBare(state));
    const next = state.text[state.pos];
    state.pos++;
    if (next === ',') continue;
    if (next === '\n') state.line++;
    return fields;
  }
}

/** An unquoted field runs to the next comma or newline and may not contain a quote. */
function readBare(state: ReaderState): string {
  const start = state.pos;
  while (state.pos < state.text.length && !',\n'.includes(state.text[state.pos]!)) {
    if (state.text[state.pos] === '"') throw new Error(`line ${state.line}: bare " in non-quoted field`);
    state.pos++;
  }
  return state.text.slice(start, state.pos);
}

/** A quoted field ends at a lone quote that must be followed by a comma, newline or end. */
function readQuoted(state: ReaderState): string {
  const startLine = state.line;
  let value = '';
  state.pos++;
  for (;;) {
    const quote = state.text.indexOf('"', state.pos);
    if (quote < 0) throw new Error(`line ${startLine}: extraneous or missing " in quoted field`);
    const chunk = state.text.slice(state.pos, quote);
    state.line += chunk.split('\n').length - 1;
    value += chunk;
    state.pos = quote + 1;
    if (state.text[state.pos] === '"') {
      value += '"';
      state.pos++;
      continue;
    }
    const after = state.text[state.pos];
    if (after !== undefined && after !== ',' && after !== '\n') {
      throw new Error(`line ${state.line}: extraneous or missing " in quoted field`);
    }
    return value;
  }
}
