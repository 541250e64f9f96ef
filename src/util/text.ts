// Trimming content text, which arrives in pull requests from strangers. A regular expression such as
// /[ \n]+$/ is retried by V8 from every position of a long run of those characters, so one update of
// spaces could stall a build. This is linear.

/** `text` without any of the characters in `chars` at its end. */
export function trimEndOf(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1]!)) end -= 1;
  return end === text.length ? text : text.slice(0, end);
}
