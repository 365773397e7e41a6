export declare function fakeWebhooks(request: Request): Promise<Response>;
