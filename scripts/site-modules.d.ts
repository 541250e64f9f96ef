export declare const TEMPLATE_OPTIONS: { strict: boolean };
export declare function sourceHash(source: string): string;
export declare function templateModule(source: string): string;
export declare function browserModule(file: string): string;
export declare function textModule(text: string): string;
export declare const esbuildPlugin: { name: string; setup(build: unknown): void };
export declare function workerModule(file: string, define?: Record<string, string>): Promise<string>;
export declare function vitePluginWith(define: Record<string, string>): { name: string; enforce: 'pre'; load(id: string): Promise<{ code: string; map: null } | undefined> };
