export declare const seededNamespaces: string[];
export declare const canaryLabel: string;
export declare const crdGroup: string;
export declare const snapshotLists: string[];
export interface SeededObject { list: string; path: string; body: Record<string, any> }
export declare function seededObjects(namespace: string): SeededObject[];
export declare function adminJson(server: string, token: string, method: string, path: string, body?: unknown, contentType?: string): Promise<{ status: number; json: any; text: string }>;
export declare function seed(server: string, token: string, namespaces?: string[]): Promise<void>;
export declare function snapshot(server: string, token: string): Promise<string[]>;
