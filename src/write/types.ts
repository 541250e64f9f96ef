/** A file of the output, relative to the output folder. Renderers return these; only the writer writes. */
export interface OutputFile {
  path: string;
  contents: string | Uint8Array;
}
