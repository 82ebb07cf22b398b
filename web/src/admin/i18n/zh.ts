import type { AdminTranslation } from './adminTranslation.js';
import { dashboardZh } from './dashboard.zh.js';
import { driversZh } from './drivers.zh.js';
import { ridesZh } from './rides.zh.js';
import { settingsZh } from './settings.zh.js';
import { supportZh } from './support.zh.js';
import { paymentsZh } from './payments.zh.js';
import { usersZh } from './users.zh.js';
import { incidentsZh } from './incidents.zh.js';

/** See en.ts. */
export const adminZh: AdminTranslation = {
  meta: {
    title: '管理门户 | Tiyende',
    description: 'Tiyende 运营：待审核司机、用户、实时行程和平台设置。',
  },
  shell: {
    portal: '管理门户',
    verifying: '正在验证管理员权限...',
    checkFailed: '无法验证管理员权限。',
    retry: '重试',
    navLabel: '管理导航',
    nav: {
      dashboard: '仪表板',
      users: '用户',
      drivers: '司机',
      rides: '行程',
      analytics: '数据分析',
      settings: '设置',
      support: '客服',
      payments: '付款',
      incidents: '安全事件',
    },
    signOut: '退出登录',
    viewApp: '查看应用',
    systemOnline: '系统在线',
    adminBadge: '管理员',
    openMenu: '打开管理菜单',
    closeMenu: '关闭菜单',
    skipToContent: '跳到主要内容',
  },
  login: {
    title: '管理门户',
    metaTitle: '管理员登录 | Tiyende',
    intro: '请使用管理员账户登录。',
    email: '管理员邮箱',
    password: '密码',
    submit: '进入管理面板',
    busy: '正在登录...',
    authorizedOnly: '仅限授权人员',
    backToApp: '返回 Tiyende 应用',
    fillAllFields: '请填写所有字段',
    failed: '登录失败',
  },
  ui: {
    close: '关闭',
    cancel: '取消',
    save: '保存',
    saving: '正在保存...',
  },
  dashboard: dashboardZh,
  users: usersZh,
  drivers: driversZh,
  rides: ridesZh,
  settings: settingsZh,
  support: supportZh,
  payments: paymentsZh,
  incidents: incidentsZh,
};
