// The notifications feature's front door: other features import from here only.
export { NotificationBell } from './notification-bell.tsx';
