/**
 * labels.Parse of k8s.io/apimachinery/pkg/labels/selector.go (v1.32): a recursive descent over
 * the scanned tokens, with kube's exact error texts. Errors raised while reading one requirement
 * are prefixed `unable to parse requirement: `; errors between requirements are not.
 *
 *   <selector>     ::= <requirement> | <requirement> "," <selector>
 *   <requirement>  ::= [!] KEY [ ("in" | "notin") "(" VALUES ")" | ("=" | "==" | "!=" | ">" | "<") VALUE ]
 */
import { aggregateText, fieldError, fieldErrorText, type FieldError } from '../field-errors.js';
import { isQualifiedName, isValidLabelValue } from '../validation/names.js';
import { SelectorParseError } from './errors.js';
import { compareGoStrings, parseGoInt64 } from './go-strings.js';
import { scanLabelSelector, type ScannedItem, type Token } from './label-lexer.js';
import type { LabelOperator, LabelRequirement, LabelSelector } from './labels.js';

/** labels.Parse: the empty string (or only whitespace) selects everything. */
export function parseLabelSelector(text: string): LabelSelector {
  const requirements = new Parser(scanLabelSelector(text)).parse();
  // sort.Sort(ByKey): insertion sort, so stable, for up to 12 requirements; stable here always.
  requirements.sort((a, b) => compareGoStrings(a.key, b.key));
  return { requirements };
}

// An error inside one requirement, to be prefixed by the caller.
class RequirementError extends Error {}

// `in` and `notin` are keywords only where an operator may stand; as keys and values they are identifiers.
type Context = 'keyAndOperator' | 'values';

const binaryOperators: Partial<Record<Token, LabelOperator>> = {
  in: 'in', notIn: 'notin', equals: '=', doubleEquals: '==', notEquals: '!=', greaterThan: 'gt', lessThan: 'lt',
};
const binaryOperatorList = 'in, notin, =, ==, !=, gt, lt';

class Parser {
  private position = 0;

  constructor(private readonly items: ScannedItem[]) {}

  parse(): LabelRequirement[] {
    const requirements: LabelRequirement[] = [];
    for (;;) {
      const { token, literal } = this.lookahead('values');
      if (token === 'endOfString') return requirements;
      if (token !== 'identifier' && token !== 'doesNotExist') {
        throw new SelectorParseError(`found '${literal}', expected: !, identifier, or 'end of string'`);
      }
      requirements.push(this.parseRequirementOrThrow());
      const next = this.consume('values');
      if (next.token === 'endOfString') return requirements;
      if (next.token !== 'comma') throw new SelectorParseError(`found '${next.literal}', expected: ',' or 'end of string'`);
      const after = this.lookahead('values');
      if (after.token !== 'identifier' && after.token !== 'doesNotExist') {
        throw new SelectorParseError(`found '${after.literal}', expected: identifier after ','`);
      }
    }
  }

  private lookahead(context: Context): ScannedItem {
    const item = this.items[Math.min(this.position, this.items.length - 1)]!;
    return inContext(item, context);
  }

  private consume(context: Context): ScannedItem {
    const item = this.lookahead(context);
    this.position++;
    return item;
  }

  private parseRequirementOrThrow(): LabelRequirement {
    try {
      return this.parseRequirement();
    } catch (error) {
      if (error instanceof RequirementError) throw new SelectorParseError(`unable to parse requirement: ${error.message}`);
      throw error;
    }
  }

  private parseRequirement(): LabelRequirement {
    const { key, operator: inferred } = this.parseKeyAndInferOperator();
    if (inferred) return newRequirement(key, inferred, []);
    const operator = this.parseOperator();
    const values = operator === 'in' || operator === 'notin' ? this.parseValues() : this.parseExactValue();
    return newRequirement(key, operator, values);
  }

  // `!key` is DoesNotExist; a key followed by ',' or the end is Exists. Quirk: `!key=value` stops
  // after `!key`, so the `=` is reported by parse() as an unexpected token between requirements.
  private parseKeyAndInferOperator(): { key: string; operator: LabelOperator | undefined } {
    let operator: LabelOperator | undefined;
    let item = this.consume('values');
    if (item.token === 'doesNotExist') {
      operator = '!';
      item = this.consume('values');
    }
    if (item.token !== 'identifier') throw new RequirementError(`found '${item.literal}', expected: identifier`);
    validateLabelKey(item.literal);
    const next = this.lookahead('values').token;
    if ((next === 'endOfString' || next === 'comma') && operator !== '!') operator = 'exists';
    return { key: item.literal, operator };
  }

  private parseOperator(): LabelOperator {
    const { token, literal } = this.consume('keyAndOperator');
    const operator = binaryOperators[token];
    if (!operator) throw new RequirementError(`found '${literal}', expected: ${binaryOperatorList}`);
    return operator;
  }

  // `()` is the single empty value.
  private parseValues(): string[] {
    const open = this.consume('values');
    if (open.token !== 'openParenthesis') throw new RequirementError(`found '${open.literal}' expected: '('`);
    const { token, literal } = this.lookahead('values');
    if (token === 'identifier' || token === 'comma') {
      const values = this.parseIdentifiersList();
      if (this.consume('values').token !== 'closedParenthesis') throw new RequirementError(`found '${literal}', expected: ')'`);
      return values;
    }
    if (token === 'closedParenthesis') {
      this.consume('values');
      return [''];
    }
    throw new RequirementError(`found '${literal}', expected: ',', ')' or identifier`);
  }

  // A comma-separated list whose empty members (`(,a)`, `(a,)`, `(a,,b)`) are the empty value.
  private parseIdentifiersList(): string[] {
    const values = new Set<string>();
    for (;;) {
      const { token, literal } = this.consume('values');
      if (token === 'identifier') {
        values.add(literal);
        const next = this.lookahead('values');
        if (next.token === 'comma') continue;
        if (next.token === 'closedParenthesis') return [...values];
        throw new RequirementError(`found '${next.literal}', expected: ',' or ')'`);
      }
      if (token !== 'comma') throw new RequirementError(`found '${literal}', expected: ',', or identifier`);
      if (values.size === 0) values.add('');
      const next = this.lookahead('values').token;
      if (next === 'closedParenthesis') {
        values.add('');
        return [...values];
      }
      if (next === 'comma') values.add('');
    }
  }

  // `key=` followed by ',' or the end is the empty value.
  private parseExactValue(): string[] {
    const next = this.lookahead('values').token;
    if (next === 'endOfString' || next === 'comma') return [''];
    const item = this.consume('values');
    if (item.token === 'identifier') return [item.literal];
    throw new RequirementError(`found '${item.literal}', expected: identifier`);
  }
}

function inContext(item: ScannedItem, context: Context): ScannedItem {
  if (context === 'values' && (item.token === 'in' || item.token === 'notIn')) return { token: 'identifier', literal: item.literal };
  return item;
}

// The parser validates keys with a nil field path, which Go prints as `<nil>`.
function validateLabelKey(key: string): void {
  const errors = isQualifiedName(key);
  if (errors.length) throw new RequirementError(fieldErrorText(fieldError.invalid('<nil>', key, errors.join('; '))));
}

/**
 * labels.NewRequirement as the parser reaches it: values deduplicated and sorted (sets.String.List),
 * gt/lt values must be int64, every value must be a label value. The count checks of NewRequirement
 * cannot fail for parsed input, and the key was already validated, so they are not repeated.
 */
function newRequirement(key: string, operator: LabelOperator, parsedValues: string[]): LabelRequirement {
  const values = [...new Set(parsedValues)].sort(compareGoStrings);
  const errors: FieldError[] = [];
  if (operator === 'gt' || operator === 'lt') {
    values.forEach((value, index) => {
      if (parseGoInt64(value) === undefined) {
        errors.push(fieldError.invalid(`values[${index}]`, value, "for 'Gt', 'Lt' operators, the value must be an integer"));
      }
    });
  }
  values.forEach((value, index) => {
    const messages = isValidLabelValue(value);
    if (messages.length) errors.push(fieldError.invalid(`values[${index}][${key}]`, value, messages.join('; ')));
  });
  if (errors.length) throw new RequirementError(aggregateText(errors));
  return { key, operator, values };
}
