/** Pure: a copy of `a` with twice its length (the job stacks of the linear-time matchers grow so). */
export function doubled(a: Int32Array): Int32Array<ArrayBuffer> {
  const out = new Int32Array(Math.max(1, a.length) * 2);
  out.set(a);
  return out;
}
