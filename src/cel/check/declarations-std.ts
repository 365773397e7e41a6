/**
 * cel-go's standard declarations as kube's environment has them: operators (with
 * CrossTypeNumericComparisons), conversions, string and time functions, and the strings
 * extension at version 2 (charAt ... join, format, strings.quote; no reverse, which is version 3).
 */

const relations = [
  '(bool, bool) -> bool', '(int, int) -> bool', '(uint, uint) -> bool', '(double, double) -> bool', '(string, string) -> bool',
  '(bytes, bytes) -> bool', '(timestamp, timestamp) -> bool', '(duration, duration) -> bool', '(int, double) -> bool',
  '(int, uint) -> bool', '(double, int) -> bool', '(double, uint) -> bool', '(uint, int) -> bool', '(uint, double) -> bool',
];
const arithmetic = ['(int, int) -> int', '(uint, uint) -> uint', '(double, double) -> double'];
const timeGetters = ['timestamp.() -> int', 'timestamp.(string) -> int'];
const durationGetters = [...timeGetters, 'duration.() -> int'];

export const standardDeclarations: Record<string, readonly string[]> = {
  '!_': ['(bool) -> bool'],
  '-_': ['(int) -> int', '(double) -> double'],
  '_&&_': ['(bool, bool) -> bool'],
  '_||_': ['(bool, bool) -> bool'],
  '_?_:_': ['(bool, A, A) -> A'],
  '_==_': ['(A, A) -> bool'],
  '_!=_': ['(A, A) -> bool'],
  '_<_': relations, '_<=_': relations, '_>_': relations, '_>=_': relations,
  '_+_': [
    ...arithmetic, '(string, string) -> string #add_string', '(bytes, bytes) -> bytes #add_bytes', '(list(A), list(A)) -> list(A) #add_list',
    '(timestamp, duration) -> timestamp', '(duration, timestamp) -> timestamp', '(duration, duration) -> duration',
  ],
  '_-_': [...arithmetic, '(timestamp, timestamp) -> duration', '(timestamp, duration) -> timestamp', '(duration, duration) -> duration'],
  '_*_': arithmetic,
  '_/_': arithmetic,
  '_%_': ['(int, int) -> int', '(uint, uint) -> uint'],
  '_[_]': ['(list(A), int) -> A', '(map(K, V), K) -> V'],
  '_[?_]': ['(list(A), int) -> optional(A)', '(map(K, V), K) -> optional(V)', '(optional(list(A)), int) -> optional(A)', '(optional(map(K, V)), K) -> optional(V)'],
  '@in': ['(A, list(A)) -> bool #in_list', '(A, map(A, B)) -> bool #in_map'],
  '@not_strictly_false': ['(bool) -> bool'],
  size: ['(string) -> int', '(bytes) -> int', '(list(A)) -> int', '(map(K, V)) -> int', 'string.() -> int', 'bytes.() -> int', 'list(A).() -> int', 'map(K, V).() -> int'],
  int: ['(int) -> int', '(uint) -> int', '(double) -> int', '(string) -> int', '(timestamp) -> int'],
  uint: ['(uint) -> uint', '(int) -> uint', '(double) -> uint', '(string) -> uint'],
  double: ['(double) -> double', '(int) -> double', '(uint) -> double', '(string) -> double'],
  string: ['(string) -> string', '(int) -> string', '(uint) -> string', '(double) -> string', '(bool) -> string', '(bytes) -> string #bytes_to_string', '(timestamp) -> string', '(duration) -> string'],
  bytes: ['(bytes) -> bytes', '(string) -> bytes #string_to_bytes'],
  bool: ['(bool) -> bool', '(string) -> bool'],
  duration: ['(duration) -> duration', '(string) -> duration'],
  timestamp: ['(timestamp) -> timestamp', '(string) -> timestamp', '(int) -> timestamp'],
  dyn: ['(A) -> dyn'],
  type: ['(A) -> type(A)'],
  contains: ['string.(string) -> bool #contains_string'],
  endsWith: ['string.(string) -> bool #ends_with_string'],
  startsWith: ['string.(string) -> bool #starts_with_string'],
  matches: ['string.(string) -> bool #matches_string', '(string, string) -> bool #matches'],
  getFullYear: timeGetters, getMonth: timeGetters, getDayOfYear: timeGetters, getDayOfMonth: timeGetters, getDate: timeGetters, getDayOfWeek: timeGetters,
  getHours: durationGetters, getMinutes: durationGetters, getSeconds: durationGetters, getMilliseconds: durationGetters,
  // strings extension, version 2
  charAt: ['string.(int) -> string'],
  indexOf: ['string.(string) -> int', 'string.(string, int) -> int'],
  lastIndexOf: ['string.(string) -> int', 'string.(string, int) -> int'],
  lowerAscii: ['string.() -> string'],
  upperAscii: ['string.() -> string'],
  replace: ['string.(string, string) -> string', 'string.(string, string, int) -> string'],
  split: ['string.(string) -> list(string)', 'string.(string, int) -> list(string)'],
  substring: ['string.(int) -> string', 'string.(int, int) -> string'],
  trim: ['string.() -> string'],
  join: ['list(string).() -> string', 'list(string).(string) -> string'],
  format: ['string.(list(dyn)) -> string #string_format'],
  'strings.quote': ['(string) -> string #strings_quote'],
};
