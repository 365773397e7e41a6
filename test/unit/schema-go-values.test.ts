// The Go parsers behind kube's custom unmarshalers: time.Parse (metav1.Time, MicroTime),
// resource.ParseQuantity, base64.StdEncoding and strconv's integer parsing. Texts are Go's
// (time/format.go ParseError, quantity.go ErrFormatWrong/ErrSuffix, CorruptInputError).
import { describe, expect, it } from 'vitest';
import { goBase64Error, goIntegerAccepts } from '../../src/schema/go-scalars.js';
import { RFC3339, RFC3339Micro, goTimeParseError } from '../../src/apimachinery/go-time-parse.js';
import { parseQuantityError, quantityErrors, quantityUnmarshalError } from '../../src/apimachinery/quantity.js';

const asLayout = (value: string, valueElement: string, layoutElement: string, layout = '2006-01-02T15:04:05Z07:00') =>
  `parsing time "${value}" as "${layout}": cannot parse "${valueElement}" as "${layoutElement}"`;

describe('time.Parse(RFC3339)', () => {
  it.each([
    ['UTC', '2024-05-01T10:00:00Z', null],
    ['offset', '2024-05-01T10:00:00+02:00', null],
    ['fraction the layout does not spell', '2024-05-01T10:00:00.123Z', null],
    ['single-digit hour (Go allows it)', '2024-05-01T1:00:00Z', null],
    ['leap day', '2024-02-29T00:00:00Z', null],
    ['not a time', 'yesterday', asLayout('yesterday', 'yesterday', '2006')],
    ['date only', '2024-05-01', asLayout('2024-05-01', '', 'T')],
    ['no zone', '2024-05-01T10:00:00', asLayout('2024-05-01T10:00:00', '', 'Z07:00')],
    ['compact zone', '2024-05-01T10:00:00+0200', asLayout('2024-05-01T10:00:00+0200', '+0200', 'Z07:00')],
    ['one-digit month', '2024-5-01T10:00:00Z', asLayout('2024-5-01T10:00:00Z', '5-01T10:00:00Z', '01')],
    ['space instead of T', '2024-05-01 10:00:00Z', asLayout('2024-05-01 10:00:00Z', ' 10:00:00Z', 'T')],
    ['month out of range', '2024-13-01T10:00:00Z', 'parsing time "2024-13-01T10:00:00Z": month out of range'],
    ['hour out of range', '2024-05-01T24:00:00Z', 'parsing time "2024-05-01T24:00:00Z": hour out of range'],
    ['second out of range', '2024-05-01T10:00:60Z', 'parsing time "2024-05-01T10:00:60Z": second out of range'],
    ['day out of range', '2023-02-29T00:00:00Z', 'parsing time "2023-02-29T00:00:00Z": day out of range'],
    ['zone hour out of range', '2024-05-01T10:00:00+25:00', 'parsing time "2024-05-01T10:00:00+25:00": time zone offset hour out of range'],
    ['extra text', '2024-05-01T10:00:00Zjunk', 'parsing time "2024-05-01T10:00:00Zjunk": extra text: "junk"'],
    ['quotes in the value are escaped', 'a"b', asLayout('a\\"b', 'a\\"b', '2006')],
    ['non-ASCII as bytes', 'é', asLayout('\\xc3\\xa9', '\\xc3\\xa9', '2006')],
  ])('%s', (_name, value, expected) => {
    expect(goTimeParseError(RFC3339, value)).toBe(expected);
  });
});

describe('time.Parse(RFC3339Micro)', () => {
  const micro = '2006-01-02T15:04:05.000000Z07:00';
  it.each([
    ['six digits', '2024-05-01T10:00:00.123456Z', null],
    ['comma separator', '2024-05-01T10:00:00,123456+01:00', null],
    ['no fraction', '2024-05-01T10:00:00Z', asLayout('2024-05-01T10:00:00Z', 'Z', '.000000', micro)],
    ['short fraction', '2024-05-01T10:00:00.5Z', asLayout('2024-05-01T10:00:00.5Z', '.5Z', '.000000', micro)],
    ['seven digits', '2024-05-01T10:00:00.1234567Z', asLayout('2024-05-01T10:00:00.1234567Z', '7Z', 'Z07:00', micro)],
  ])('%s', (_name, value, expected) => {
    expect(goTimeParseError(RFC3339Micro, value)).toBe(expected);
  });
});

describe('resource.ParseQuantity', () => {
  it.each([
    ['milli', '100m', null], ['binary', '1.5Gi', null], ['decimal exponent', '1e3', null], ['signed exponent', '12E-2', null],
    ['negative', '-1', null], ['plus', '+5k', null], ['zero', '0', null], ['bare sign parses as zero', '-', null],
    ['trailing dot', '1.', null], ['twenty digits', '12345678901234567890', null],
    ['empty', '', quantityErrors.format], ['letters', 'abc', quantityErrors.format], ['unit then junk', '1Gx', quantityErrors.format],
    ['two dots', '1.5.5', quantityErrors.format], ['space inside', '1 Gi', quantityErrors.format],
    ['unknown suffix', '1Ki0', quantityErrors.suffix], ['exponent without digits', '5e', quantityErrors.suffix], ['lower-case g is no suffix character', '1gi', quantityErrors.format], ['suffix characters in no known order', '1mi', quantityErrors.suffix],
  ])('%s: %s', (_name, text, expected) => {
    expect(parseQuantityError(text)).toBe(expected);
  });

  it.each([
    ['quoted string', '"250m"', null], ['JSON number', '0.5', null], ['null is zero', 'null', null],
    ['spaces are trimmed', '" 1Gi "', null], ['bool', 'true', quantityErrors.format], ['object', '{}', quantityErrors.format],
  ])('UnmarshalJSON of %s', (_name, json, expected) => {
    expect(quantityUnmarshalError(json)).toBe(expected);
  });

  it('words its errors as apimachinery does', () => {
    expect(quantityErrors).toEqual({
      format: "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
      numeric: 'unable to parse numeric part of quantity',
      suffix: "unable to parse quantity's suffix",
    });
  });
});

describe('base64.StdEncoding.Decode', () => {
  it.each([
    ['padded', 'aGVsbG8=', null], ['two pads', 'aGk=', null], ['no padding needed', 'YWJj', null], ['empty', '', null],
    ['newlines are skipped', 'aGVs\nbG8=', null],
    ['invalid first byte', '!!!!', 'illegal base64 data at input byte 0'],
    ['missing padding', 'aGVsbG8', 'illegal base64 data at input byte 4'],
    ['single character', 'a', 'illegal base64 data at input byte 0'],
    ['padding too early', 'a===', 'illegal base64 data at input byte 1'],
    ['garbage after padding', 'aGk=x', 'illegal base64 data at input byte 4'],
    ['URL alphabet', 'a-_b', 'illegal base64 data at input byte 1'],
  ])('%s', (_name, text, expected) => {
    expect(goBase64Error(text)).toBe(expected);
  });
});

describe('strconv.ParseInt into a Go integer type', () => {
  it.each([
    ['80', 'int32', true], ['-2147483648', 'int32', true], ['2147483648', 'int32', false], ['1.0', 'int32', false],
    ['1e3', 'int64', false], ['9223372036854775807', 'int64', true], ['9223372036854775808', 'int64', false],
    ['255', 'uint8', true], ['256', 'uint8', false], ['-1', 'uint8', false],
  ])('%s into %s: %s', (literal, goType, expected) => {
    expect(goIntegerAccepts(literal, goType)).toBe(expected);
  });
});
