import { z } from 'zod';
import { def } from '../core/routeDef.js';
import {
  NotificationList,
  NotificationListQuery,
  NotificationParams,
  NotificationSettings,
  UnreadCount,
} from './notifications.js';

/** The caller's own notifications (§1): the bell's list and count, read marks, the live stream and e-mail settings. */
export const notificationsRoutes = {
  notificationList: def({
    method: 'GET',
    path: '/api/ops/notification/list',
    access: 'user',
    summary: "The caller's notifications, newest first, with the unread count",
    query: NotificationListQuery,
    response: NotificationList,
  }),
  notificationUnread: def({
    method: 'GET',
    path: '/api/ops/notification/unread',
    access: 'user',
    summary: "How many of the caller's notifications are unread",
    response: UnreadCount,
  }),
  notificationRead: def({
    method: 'POST',
    path: '/api/ops/notification/:id/read',
    access: 'user',
    summary: 'Mark one notification read',
    params: NotificationParams,
    response: UnreadCount,
  }),
  notificationReadAll: def({
    method: 'POST',
    path: '/api/ops/notification/read/all',
    access: 'user',
    summary: 'Mark every notification read',
    response: UnreadCount,
  }),
  notificationStream: def({
    method: 'GET',
    path: '/api/ops/notification/stream',
    access: 'user',
    summary:
      'Server-sent events: each new notification as it happens (`event: notification`, id = its id), heartbeats, and replay after Last-Event-ID',
    response: z.unknown(),
    raw: true,
  }),
  notificationSettings: def({
    method: 'GET',
    path: '/api/ops/notification/settings',
    access: 'user',
    summary: 'Which notifications also reach the caller by e-mail',
    response: NotificationSettings,
  }),
  notificationSettingsUpdate: def({
    method: 'PUT',
    path: '/api/ops/notification/settings',
    access: 'user',
    summary: 'Choose which notifications also reach the caller by e-mail',
    body: NotificationSettings,
    response: NotificationSettings,
  }),
} as const;
