/**
 * A set of field paths as structured-merge-diff keeps it (fieldpath/set.go): a trie whose nodes
 * hold sorted members (paths that end here) and sorted children (paths that go deeper). A path
 * can be both a member and a child: FieldsV1 writes that as a `".": {}` self entry.
 * The set operations follow SMD exactly, including its asymmetries: `difference` removes a
 * member without touching that path's children, `recursiveDifference` removes both.
 */
import { comparePathElements, type FieldPath, type PathElement } from './path-element.js';

/** The subset of paths under one path element. */
export interface ChildSet {
  readonly element: PathElement;
  readonly set: FieldSet;
}

/** Index of `element` in a sorted array, or -(insertion point) - 1. */
function search<T>(items: readonly T[], element: PathElement, elementOf: (item: T) => PathElement): number {
  let low = 0;
  let high = items.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const order = comparePathElements(elementOf(items[middle]!), element);
    if (order === 0) return middle;
    if (order < 0) low = middle + 1;
    else high = middle - 1;
  }
  return -low - 1;
}

const self = (element: PathElement): PathElement => element;
const childElement = (child: ChildSet): PathElement => child.element;

export class FieldSet {
  private constructor(
    private readonly memberList: PathElement[],
    private readonly childList: ChildSet[],
  ) {}

  /** An empty set. */
  static empty(): FieldSet {
    return new FieldSet([], []);
  }

  /** A set holding the given paths. */
  static of(...paths: FieldPath[]): FieldSet {
    const set = FieldSet.empty();
    for (const path of paths) set.insert(path);
    return set;
  }

  /** Paths that end at this node, sorted. */
  get members(): readonly PathElement[] {
    return this.memberList;
  }

  /** Subsets under each path element, sorted. */
  get children(): readonly ChildSet[] {
    return this.childList;
  }

  /** Adds a path (not its parents; the empty path, "the whole object", is never tracked). */
  insert(path: FieldPath): void {
    if (path.length === 0) return;
    let node: FieldSet = this;
    for (let depth = 0; depth < path.length - 1; depth++) node = node.childFor(path[depth]!);
    node.addMember(path[path.length - 1]!);
  }

  /** Adds `element` as a member of this node (in place; for sets being built). */
  addMember(element: PathElement): void {
    const at = search(this.memberList, element, self);
    if (at < 0) this.memberList.splice(-at - 1, 0, element);
  }

  /** The subset under `element`, created empty when absent (in place; for sets being built). */
  childFor(element: PathElement): FieldSet {
    const at = search(this.childList, element, childElement);
    if (at >= 0) return this.childList[at]!.set;
    const set = FieldSet.empty();
    this.childList.splice(-at - 1, 0, { element, set });
    return set;
  }

  /** Puts `set` under `element`, joined with what is there (in place; for sets being built). */
  addChild(element: PathElement, set: FieldSet): void {
    const at = search(this.childList, element, childElement);
    if (at >= 0) this.childList[at] = { element, set: this.childList[at]!.set.union(set) };
    else this.childList.splice(-at - 1, 0, { element, set });
  }

  /** True when `path` is a member. */
  has(path: FieldPath): boolean {
    if (path.length === 0) return false;
    let node: FieldSet | undefined = this;
    for (let depth = 0; node && depth < path.length - 1; depth++) node = node.child(path[depth]!);
    return node !== undefined && search(node.memberList, path[path.length - 1]!, self) >= 0;
  }

  /** The subset under `element`, if any. */
  child(element: PathElement): FieldSet | undefined {
    const at = search(this.childList, element, childElement);
    return at >= 0 ? this.childList[at]!.set : undefined;
  }

  /** The paths under `element`, without it (an empty set when there are none). */
  withPrefix(element: PathElement): FieldSet {
    return this.child(element) ?? FieldSet.empty();
  }

  /** True when no path is a member, at any depth. */
  isEmpty(): boolean {
    return this.memberList.length === 0 && this.childList.every((child) => child.set.isEmpty());
  }

  /** Every member path, in SMD's Iterate order: this node's members, then each child in order. */
  paths(prefix: FieldPath = []): FieldPath[] {
    const out: FieldPath[] = this.memberList.map((element) => [...prefix, element]);
    for (const child of this.childList) out.push(...child.set.paths([...prefix, child.element]));
    return out;
  }

  /** Paths in either set. */
  union(other: FieldSet): FieldSet {
    const members = mergeSorted(this.memberList, other.memberList, self, (left) => left);
    const children = mergeSorted(this.childList, other.childList, childElement, (left, right) => ({
      element: left.element,
      set: left.set.union(right.set),
    }));
    return new FieldSet(members, children);
  }

  /** Paths in both sets. */
  intersection(other: FieldSet): FieldSet {
    const members = this.memberList.filter((element) => search(other.memberList, element, self) >= 0);
    const children: ChildSet[] = [];
    for (const child of this.childList) {
      const otherChild = other.child(child.element);
      const set = otherChild && child.set.intersection(otherChild);
      if (set && !set.isEmpty()) children.push({ element: child.element, set });
    }
    return new FieldSet(members, children);
  }

  /** Paths of this set not in `other`; a member of `other` does not remove this set's deeper paths. */
  difference(other: FieldSet): FieldSet {
    const members = this.memberList.filter((element) => search(other.memberList, element, self) < 0);
    const children: ChildSet[] = [];
    for (const child of this.childList) {
      const otherChild = other.child(child.element);
      const set = otherChild ? child.set.difference(otherChild) : child.set;
      if (!otherChild || !set.isEmpty()) children.push({ element: child.element, set });
    }
    return new FieldSet(members, children);
  }

  /** Like difference, but a member of `other` also removes everything under it. */
  recursiveDifference(other: FieldSet): FieldSet {
    const members = this.memberList.filter((element) => search(other.memberList, element, self) < 0);
    const children: ChildSet[] = [];
    for (const child of this.childList) {
      if (search(other.memberList, child.element, self) >= 0) continue;
      const otherChild = other.child(child.element);
      const set = otherChild ? child.set.recursiveDifference(otherChild) : child.set;
      if (!otherChild || !set.isEmpty()) children.push({ element: child.element, set });
    }
    return new FieldSet(members, children);
  }

  /** A set with the same members and children, and `extra` members added at this node. */
  withMembers(extra: readonly PathElement[], children: ChildSet[] = this.childList): FieldSet {
    const members = mergeSorted(this.memberList, [...extra].sort(comparePathElements), self, (left) => left);
    return new FieldSet(members, children);
  }
}

/** Merges two sorted arrays, combining items whose elements are equal. */
function mergeSorted<T>(left: readonly T[], right: readonly T[], elementOf: (item: T) => PathElement, combine: (left: T, right: T) => T): T[] {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    const order = comparePathElements(elementOf(left[i]!), elementOf(right[j]!));
    if (order < 0) out.push(left[i++]!);
    else if (order > 0) out.push(right[j++]!);
    else out.push(combine(left[i++]!, right[j++]!));
  }
  return out.concat(left.slice(i), right.slice(j));
}

/**
 * A path into a FieldSet being built, for walks that add paths as they descend without
 * re-walking from the root: the node under the path is created on first use, so a walk that adds
 * nothing below a path leaves no empty child behind.
 */
export class SetCursor {
  private node: FieldSet | undefined;

  private constructor(
    private readonly parent: SetCursor | undefined,
    private readonly element: PathElement | undefined,
    root?: FieldSet,
  ) {
    this.node = root;
  }

  /** A cursor at the root of `set`. */
  static at(set: FieldSet): SetCursor {
    return new SetCursor(undefined, undefined, set);
  }

  /** The cursor one element deeper. */
  child(element: PathElement): SetCursor {
    return new SetCursor(this, element);
  }

  /** Adds the cursor's path to the set (the root path, "the whole object", is never tracked). */
  add(): void {
    if (this.parent && this.element) this.parent.resolve().addMember(this.element);
  }

  private resolve(): FieldSet {
    return (this.node ??= this.parent!.resolve().childFor(this.element!));
  }
}
