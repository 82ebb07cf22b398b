export { changePlatformSettings } from './handlers.js';
