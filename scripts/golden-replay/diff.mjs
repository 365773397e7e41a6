// A structural diff of two normalized values: a list of {path, recorded, live}. Arrays whose
// elements all carry a distinct identifying key (name, metadata.name, type, groupVersion, ...)
// are aligned by it, so one missing element is one difference, not a cascade.

const identityKeys = [
  (item) => item?.metadata?.name, (item) => item?.name, (item) => item?.type !== undefined && typeof item?.type === 'string' && item?.object === undefined ? item.type : undefined,
  (item) => item?.groupVersion, (item) => item?.version, (item) => item?.manager !== undefined ? `${item.manager}/${item.operation}/${item.subresource ?? ''}` : undefined,
];

/** The differences between `recorded` and `live`, at most `limit` of them. */
export function diff(recorded, live, path = '', out = [], limit = 200) {
  if (out.length >= limit) return out;
  if (Array.isArray(recorded) && Array.isArray(live)) return diffArrays(recorded, live, path, out, limit);
  if (isObject(recorded) && isObject(live)) {
    for (const key of new Set([...Object.keys(recorded), ...Object.keys(live)])) {
      const child = path ? `${path}.${key}` : key;
      if (!(key in live)) out.push({ path: child, recorded: recorded[key], live: '(absent)' });
      else if (!(key in recorded)) out.push({ path: child, recorded: '(absent)', live: live[key] });
      else diff(recorded[key], live[key], child, out, limit);
    }
    return out;
  }
  if (JSON.stringify(recorded) !== JSON.stringify(live)) out.push({ path, recorded, live });
  return out;
}

function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A key that names every element of both arrays, uniquely within each; null when there is none. */
function identity(recorded, live) {
  if (![...recorded, ...live].every(isObject) || recorded.length + live.length < 2) return null;
  for (const key of identityKeys) {
    const unique = (items) => {
      const ids = items.map(key);
      return ids.every((id) => typeof id === 'string') && new Set(ids).size === ids.length;
    };
    if (unique(recorded) && unique(live)) return key;
  }
  return null;
}

function diffArrays(recorded, live, path, out, limit) {
  const liveKey = identity(recorded, live);
  if (!liveKey) {
    const length = Math.max(recorded.length, live.length);
    for (let index = 0; index < length; index++) {
      const child = `${path}[${index}]`;
      if (index >= live.length) out.push({ path: child, recorded: recorded[index], live: '(absent)' });
      else if (index >= recorded.length) out.push({ path: child, recorded: '(absent)', live: live[index] });
      else diff(recorded[index], live[index], child, out, limit);
    }
    return out;
  }
  const byId = new Map(live.map((item) => [liveKey(item), item]));
  const recordedIds = recorded.map(liveKey);
  for (const item of recorded) {
    const id = liveKey(item);
    const child = `${path}[${id}]`;
    if (!byId.has(id)) out.push({ path: child, recorded: item, live: '(absent)' });
    else diff(item, byId.get(id), child, out, limit);
  }
  for (const item of live) if (!recordedIds.includes(liveKey(item))) out.push({ path: `${path}[${liveKey(item)}]`, recorded: '(absent)', live: item });
  const liveOrder = live.map(liveKey).filter((id) => recordedIds.includes(id));
  const recordedOrder = recordedIds.filter((id) => byId.has(id));
  if (liveOrder.join('\0') !== recordedOrder.join('\0')) out.push({ path: `${path}(order)`, recorded: recordedOrder, live: liveOrder });
  return out;
}
