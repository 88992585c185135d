/**
 * The find limit (`findTimeoutMs`) of a test replay that is to refuse its step. The cascade always
 * makes one whole pass before it looks at the limit (replay/rematch/cascade.ts), and a page of one
 * document, complete when its DOM is and never changed after, reads the same in every later pass:
 * the limit only decides how often the refusal is repeated before it is reported. A page with
 * frames (they load after it) or one that changes later keeps a longer limit.
 */
export const kRefusedFindMs = 400;
