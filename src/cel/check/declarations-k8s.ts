/**
 * Declarations of the libraries kube's base environment adds for CRD rules at v1.32 (its
 * compatibility version 1.31): lists, regex, URLs, quantity, IP and CIDR, format, sets and
 * optional types (apiserver/pkg/cel/library, cel-go ext.Sets, cel.OptionalTypes). The authz
 * library is declared in kube too but has no `authorizer` variable in CRD rules, so it is left out.
 */

const comparable = ['int', 'uint', 'double', 'bool', 'duration', 'timestamp', 'string', 'bytes'];
const ipPredicates = ['IP.() -> bool'];
const setFunctions = ['(list(A), list(A)) -> bool'];
const formats = [
  'dns1123Label', 'dns1123Subdomain', 'dns1035Label', 'qualifiedName', 'dns1123LabelPrefix', 'dns1123SubdomainPrefix',
  'dns1035LabelPrefix', 'labelValue', 'uri', 'uuid', 'byte', 'date', 'datetime',
];

export const kubernetesDeclarations: Record<string, readonly string[]> = {
  isSorted: comparable.map((type) => `list(${type}).() -> bool`),
  sum: ['list(int).() -> int', 'list(uint).() -> uint', 'list(double).() -> double', 'list(duration).() -> duration'],
  min: comparable.map((type) => `list(${type}).() -> ${type}`),
  max: comparable.map((type) => `list(${type}).() -> ${type}`),
  indexOf: ['list(A).(A) -> int'],
  lastIndexOf: ['list(A).(A) -> int'],
  find: ['string.(string) -> string'],
  findAll: ['string.(string) -> list(string)', 'string.(string, int) -> list(string)'],
  url: ['(string) -> URL'],
  isURL: ['(string) -> bool'],
  getScheme: ['URL.() -> string'], getHost: ['URL.() -> string'], getHostname: ['URL.() -> string'],
  getPort: ['URL.() -> string'], getEscapedPath: ['URL.() -> string'],
  getQuery: ['URL.() -> map(string, list(string))'],
  quantity: ['(string) -> Quantity'],
  isQuantity: ['(string) -> bool'],
  sign: ['Quantity.() -> int'],
  isInteger: ['Quantity.() -> bool'],
  asInteger: ['Quantity.() -> int'],
  asApproximateFloat: ['Quantity.() -> double'],
  add: ['Quantity.(Quantity) -> Quantity', 'Quantity.(int) -> Quantity'],
  sub: ['Quantity.(Quantity) -> Quantity', 'Quantity.(int) -> Quantity'],
  isGreaterThan: ['Quantity.(Quantity) -> bool'],
  isLessThan: ['Quantity.(Quantity) -> bool'],
  compareTo: ['Quantity.(Quantity) -> int'],
  ip: ['(string) -> IP #string_to_ip', 'CIDR.() -> IP #cidr_ip'],
  isIP: ['(string) -> bool'],
  'ip.isCanonical': ['(string) -> bool'],
  family: ['IP.() -> int'],
  isUnspecified: ipPredicates, isLoopback: ipPredicates, isLinkLocalMulticast: ipPredicates,
  isLinkLocalUnicast: ipPredicates, isGlobalUnicast: ipPredicates,
  string: ['(IP) -> string', '(CIDR) -> string'],
  cidr: ['(string) -> CIDR'],
  isCIDR: ['(string) -> bool'],
  containsIP: ['CIDR.(IP) -> bool #cidr_contains_ip_ip', 'CIDR.(string) -> bool #cidr_contains_ip_string'],
  containsCIDR: ['CIDR.(CIDR) -> bool #cidr_contains_cidr', 'CIDR.(string) -> bool #cidr_contains_cidr_string'],
  masked: ['CIDR.() -> CIDR'],
  prefixLength: ['CIDR.() -> int'],
  'format.named': ['(string) -> optional(Format)'],
  ...Object.fromEntries(formats.map((name) => [`format.${name}`, ['() -> Format']])),
  validate: ['Format.(string) -> optional(list(string))'],
  'sets.contains': setFunctions, 'sets.equivalent': setFunctions, 'sets.intersects': setFunctions,
  'optional.of': ['(A) -> optional(A)'],
  'optional.ofNonZeroValue': ['(A) -> optional(A)'],
  'optional.none': ['() -> optional(dyn)'],
  value: ['optional(A).() -> A'],
  hasValue: ['optional(A).() -> bool'],
  or: ['optional(A).(optional(A)) -> optional(A)'],
  orValue: ['optional(A).(A) -> A'],
};
