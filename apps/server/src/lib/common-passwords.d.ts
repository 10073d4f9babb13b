/** Mozilla's list of ten thousand common passwords (lib/password-rules.ts); the package ships no types. */
declare module 'fxa-common-password-list' {
  const list: { test(password: string): boolean };
  export default list;
}
