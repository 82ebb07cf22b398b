import type { AdminTranslation } from './adminTranslation.js';

/** See settings.en.ts. */
export const settingsZh: AdminTranslation['settings'] = {
  title: '设置',
  intro: '保存后，报价、司机报价和计时器立即使用这些设置。已预订的行程保持原报价。',
  failed: '无法加载设置，请重试。',
  lastChanged: '最近一次由 {{name}} 于 {{time}} 更改。',
  neverChanged: '当前使用默认值：尚无人更改。',
  pricing: '定价',
  timing: '时间',
  fields: {
    surgeEnabled: { label: '高峰加价', hint: '在高峰时段（07:00–09:59 和 17:00–19:59）车费上涨一半。默认关闭：我们向乘客承诺不加价。' },
    weather: { label: '天气', hint: '报价所依据的天气状况，直到您更改为止。' },
    bidWindowSeconds: { label: '报价有效期（秒）', hint: '司机报价保持有效的时间：{{min}} 至 {{max}} 秒。' },
    searchWindowMinutes: { label: '搜索时长（分钟）', hint: '行程寻找司机的时长，超时则以“未找到司机”结束：{{min}} 至 {{max}} 分钟。' },
    scheduledDispatchLeadMinutes: { label: '预约行程提前量（分钟）', hint: '预约行程在出发前多久开始寻找司机：{{min}} 至 {{max}} 分钟。' },
  },
  weather: { clear: '晴朗（不加价）', rain: '下雨（+10 %）', storm: '暴风雨（+30 %）' },
  outOfRange: '请输入 {{min}} 到 {{max}} 之间的整数。',
  save: '保存设置',
  saved: '设置已保存：从下一次报价起生效',
  saveFailed: '设置未能保存',
  nothingChanged: '无需保存：这些就是当前生效的设置。',
  restoreDefaults: '恢复默认值',
};
