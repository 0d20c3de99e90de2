/** Injection tokens for values that are not classes. */
export const CONFIG = Symbol('CONFIG');
export const LOGGER = Symbol('LOGGER');
export const DB = Symbol('DB');
export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');
export const SERVICES = Symbol('SERVICES');
