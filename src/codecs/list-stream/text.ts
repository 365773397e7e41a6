/**
 * JSON and YAML lists as text pieces. The envelope is rendered once with a placeholder for the
 * items and split there; the items go between, each rendered alone and indented as the whole-body
 * renderer would have indented it: JSON.stringify's two spaces per level (items sit two levels
 * deep in pretty JSON), js-yaml's block sequence (`- ` before the first line, two spaces before
 * each further non-empty line, as its indentString leaves empty lines of block scalars alone).
 */
import { renderJson } from '../json.js';
import type { ListMetaFields } from '../lists.js';
import { renderYaml } from '../../apimachinery/yaml.js';
import { itemsPlaceholder, listEnvelope, splitAt } from './envelope.js';
import { compactElement, elementOf, type ListForm, type ListItem } from './items.js';

/** How a text encoding writes the items member. */
interface TextLayout {
  /** The items of an empty list. */
  empty: string;
  /** Before the first item, between two, after the last. */
  open: string;
  between: string;
  close: string;
  element(item: ListItem): string;
}

function layoutOf(form: ListForm, encoding: 'json' | 'yaml', pretty: boolean): TextLayout {
  // kube's default table convertor writes a Table without rows as `rows: null`.
  const empty = form.form === 'table' && form.printer.nullWithoutRows ? 'null' : '[]';
  if (encoding === 'yaml') {
    const element = (item: ListItem) => '- ' + indentNonEmptyLines(renderYaml(elementOf(item, form)).slice(0, -1), '  ');
    return { empty: ` ${empty}`, open: '\n', between: '\n', close: '', element };
  }
  if (!pretty) return { empty, open: '[', between: ',', close: ']', element: (item) => compactElement(item, form) };
  const element = (item: ListItem) => JSON.stringify(elementOf(item, form), null, 2).replaceAll('\n', '\n    ');
  return { empty, open: '[\n    ', between: ',\n    ', close: '\n  ]', element };
}

/** The envelope's text before and after the items. */
function envelopeText(form: ListForm, metadata: ListMetaFields, encoding: 'json' | 'yaml', pretty: boolean): [string, string] {
  const envelope = listEnvelope(form, metadata, itemsPlaceholder);
  if (encoding === 'yaml') return splitAt(renderYaml(envelope), ' ' + renderYaml(itemsPlaceholder).trimEnd());
  return splitAt(renderJson(envelope, pretty), JSON.stringify(itemsPlaceholder));
}

/** The whole body of a JSON or YAML list, piece by piece: the envelope's head, each item, the tail. */
export async function* textPieces(form: ListForm, metadata: ListMetaFields, encoding: 'json' | 'yaml', pretty: boolean,
  items: AsyncIterable<ListItem> | Iterable<ListItem>): AsyncGenerator<string> {
  const layout = layoutOf(form, encoding, pretty);
  const [head, tail] = envelopeText(form, metadata, encoding, pretty);
  yield head;
  let first = true;
  for await (const item of items) {
    yield (first ? layout.open : layout.between) + layout.element(item);
    first = false;
  }
  yield (first ? layout.empty : layout.close) + tail;
}

/** Indents every line after the first that has content. */
function indentNonEmptyLines(text: string, indent: string): string {
  return text.replace(/\n(?=[^\n])/g, '\n' + indent);
}

