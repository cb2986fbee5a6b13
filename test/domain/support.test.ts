import { describe, expect, it } from 'vitest';
import { conversationTag, heldVersion, hubTag } from '../../worker/domain/support';

describe('support chat tags', () => {
  it('reads back the version of its own tag, weak or not', () => {
    const tag = (v: number) => conversationTag('t-1', v);
    expect(heldVersion(tag(7), tag)).toBe(7);
    expect(heldVersion(`W/${tag(12)}`, tag)).toBe(12);
    expect(heldVersion(` ${hubTag('list', 3)} `, (v) => hubTag('list', v))).toBe(3);
  });

  it("refuses another conversation's tag, another kind, and junk", () => {
    const tag = (v: number) => conversationTag('t-1', v);
    expect(heldVersion(conversationTag('t-2', 7), tag)).toBeUndefined();
    expect(heldVersion(hubTag('unread', 3), (v) => hubTag('list', v))).toBeUndefined();
    for (const junk of [undefined, '', '*', '"abc"', '"c-t-1-x"', `${tag(1)}, ${tag(2)}`])
      expect(heldVersion(junk, tag)).toBeUndefined();
  });
});
