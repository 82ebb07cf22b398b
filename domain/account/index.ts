/**
 * The words of an account, shared by the accounts module (its tables), the wire (contract/) and
 * the web: who a user is, the interface languages, the second factors, what a one-time code is for.
 */

export const USER_TYPES = ['passenger', 'driver', 'admin', 'staff'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** The spec's six interface languages plus Bemba, which the admin area and landing page name. */
export const LANGUAGES = ['en', 'fr', 'pt', 'sw', 'zh', 'nya', 'bem'] as const;
export type Language = (typeof LANGUAGES)[number];

export const MFA_METHODS = ['sms', 'totp'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

export const CODE_PURPOSES = ['login', 'registration'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/**
 * The roles a person may hold on one account and take up themselves: someone who rides may also
 * drive, and a driver may also ride. Admin and staff accounts hold their one role and nothing else.
 */
export const SELF_SERVICE_ROLES = ['passenger', 'driver'] as const;
export type SelfServiceRole = (typeof SELF_SERVICE_ROLES)[number];

/** Whether an account (by the roles it holds) may act in this role. */
export const holdsRole = (user: { roles: readonly string[] }, role: UserType): boolean => user.roles.includes(role);
