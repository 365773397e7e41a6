export declare const adminToken: string;
export declare const testUsers: { token: string; name: string; uid: string; groups: string[] }[];
export declare function tokenOf(name: string): string;
