// What the README's examples take from the app around them: declared, so each block type-checks as written.
declare const process: { env: Record<string, string | undefined> };
declare const session: { accessToken: string | null };
declare const firstName: string;
declare const lastName: string;
declare const email: string;
declare const password: string;
declare const captcha: string;
declare const teamId: string;
declare const userId: string;
declare const file: Blob;
declare function showLockout(seconds: number | undefined): void;
