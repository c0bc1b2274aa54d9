import type { MoneyKey } from './money-en.ts';

// Hindi strings of money and promise checks.
export const moneyHi: Record<MoneyKey, string> = {
  PtpAboveTotalDue: 'वादा कुल देय राशि {{amount}} से अधिक नहीं हो सकता।',
  PtpDeviationTitle: 'PTP नीति से बाहर: इस वादे को पर्यवेक्षक स्वीकृत करेगा',
  PtpDeviationReasons: 'नीति से बाहर: {{reasons}}',
  PtpDeviationReason: 'विचलन का कारण',
  PtpDeviationReasonNeeded: 'यह वादा PTP नीति से बाहर है: विचलन का कारण दें।',
  AmountHintDecimals: '{{currency}} में राशि, अधिकतम {{decimals}} दशमलव अंक।',
  SortedWithinCurrency: 'राशियाँ अपनी मुद्रा के भीतर क्रमित होती हैं: पहले सभी {{first}} राशियाँ, फिर {{second}}।',
  OverdueCurrency: 'बकाया राशि की मुद्रा',
};
