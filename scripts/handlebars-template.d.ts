export declare const TEMPLATE_OPTIONS: { strict: boolean };
export declare function templateModule(source: string): string;
