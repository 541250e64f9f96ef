// Command lines as a POSIX shell splits them, for the tests that run what the docs and package.json
// tell a person to type: lines joined at a trailing backslash, `# comments` dropped, commands
// separated by `&&`, words split at spaces with '…' and "…" quoting. Anything beyond that (pipes,
// `$`, backquotes, `;`, `||`, redirections) is refused, so a doc that starts using it fails its test
// instead of being run as something else.

/** Each command of `script`, in order, as its words. */
export function shellCommands(script: string): string[][] {
  const commands: string[][] = [];
  for (const line of script.replace(/\\\n/g, ' ').split('\n')) {
    let words: string[] = [];
    let word: string | null = null;
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!;
      if (c === "'" || c === '"') {
        const end = line.indexOf(c, i + 1);
        if (end < 0) throw new Error(`unbalanced ${c} in: ${line}`);
        const quoted = line.slice(i + 1, end);
        if (c === '"' && /[$`\\]/.test(quoted)) throw new Error(`a "…" word the shell would expand, in: ${line}`);
        word = (word ?? '') + quoted;
        i = end;
      } else if (c === ' ' || c === '\t') {
        if (word !== null) words.push(word);
        word = null;
      } else if (c === '#' && word === null) {
        break;
      } else if (c === '&' && line[i + 1] === '&' && word === null) {
        if (words.length === 0) throw new Error(`&& without a command before it, in: ${line}`);
        commands.push(words);
        words = [];
        i++;
      } else if (/[|;<>$`()\\&*?]/.test(c)) {
        throw new Error(`${c} is beyond what these tests run, in: ${line}`);
      } else {
        word = (word ?? '') + c;
      }
    }
    if (word !== null) words.push(word);
    if (words.length > 0) commands.push(words);
  }
  return commands;
}

/** The fenced code blocks of a Markdown text whose info string is `lang`, in order; a block in a list item without its indent. */
export function codeBlocks(markdown: string, lang: string): string[] {
  const blocks: string[] = [];
  const fence = /^( *)```(\S*)\n([\s\S]*?)^\1```$/gm;
  for (let match = fence.exec(markdown); match !== null; match = fence.exec(markdown)) {
    const indent = match[1]!;
    if (match[2] === lang) blocks.push(match[3]!.split('\n').map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line)).join('\n'));
  }
  return blocks;
}
