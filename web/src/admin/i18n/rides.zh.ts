import type { AdminTranslation } from './adminTranslation.js';

/** See rides.en.ts. */
export const ridesZh: AdminTranslation['rides'] = {
  title: '行程',
  intro: '所有行程，最新预订在前。列表每 {{seconds}} 秒刷新一次。',
  filtersLabel: '筛选行程',
  filters: { status: '状态', city: '城镇', vehicleType: '车型', date: '预订日期', any: '不限', clear: '清除筛选' },
  failed: '无法加载行程，请重试。',
  empty: '没有符合这些筛选条件的行程。',
  open: '打开行程的审计记录',
  columns: { ride: '行程', booked: '预订时间', route: '路线', city: '城镇', vehicle: '车辆', status: '状态', fare: '车费' },
  statuses: {
    scheduled: '已预约',
    pending: '正在寻找司机',
    accepted: '司机正在赶来',
    arrived: '司机已到达',
    in_progress: '行程中',
    completed: '已完成',
    cancelled: '已取消',
    expired: '未找到司机',
  },
  scheduledFor: '预约时间 {{time}}',
  emergency: '紧急情况',
  pricing: { fixed: '固定价格', bidding: '竞价' },
};
