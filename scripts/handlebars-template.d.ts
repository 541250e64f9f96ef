export declare function templateModule(source: string): string;
