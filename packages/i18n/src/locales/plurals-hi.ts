import type { PluralBase } from './plurals-en.ts';

// Hindi plural forms of the count-bearing strings (see plurals-en.ts).
export const pluralsHi: Record<`${PluralBase}_${'one' | 'other'}`, string> = {
  SelectedCount_one: '{{count}} चुना गया',
  SelectedCount_other: '{{count}} चुने गए',
  AllocationDone_one: '{{count}} खाता आवंटित किया गया।',
  AllocationDone_other: '{{count}} खाते आवंटित किए गए।',
  ReallocationSummary_one: '{{count}} खाता चुना गया। अनुरोध अनुमोदन के लिए चेकर के पास जाएगा।',
  ReallocationSummary_other: '{{count}} खाते चुने गए। अनुरोध अनुमोदन के लिए चेकर के पास जाएगा।',
  TenureMonths_one: '{{count}} महीना',
  TenureMonths_other: '{{count}} महीने',
  DpdWithBucket_one: '{{count}} दिन ({{bucket}})',
  DpdWithBucket_other: '{{count}} दिन ({{bucket}})',
  ResendOtpIn_one: '{{count}} सेकंड में OTP फिर से भेजें',
  ResendOtpIn_other: '{{count}} सेकंड में OTP फिर से भेजें',
  OtpCooldown_one: 'नया कोड माँगने से पहले कृपया {{count}} सेकंड प्रतीक्षा करें।',
  OtpCooldown_other: 'नया कोड माँगने से पहले कृपया {{count}} सेकंड प्रतीक्षा करें।',
  PasswordHint_one: 'कम से कम {{count}} अक्षर।',
  PasswordHint_other: 'कम से कम {{count}} अक्षर।',
  NoScreensText_one:
    'आपके अधिकारों से अनुमत {{app}} की कोई भी स्क्रीन इस संस्करण में अभी उपलब्ध नहीं है। कार्यकारी इकाई के लिए इस ऐप में आपके पास {{count}} अधिकार है।',
  NoScreensText_other:
    'आपके अधिकारों से अनुमत {{app}} की कोई भी स्क्रीन इस संस्करण में अभी उपलब्ध नहीं है। कार्यकारी इकाई के लिए इस ऐप में आपके पास {{count}} अधिकार हैं।',
  NoticesRunAsJob_one: '{{count}} मामले का नोटिस पृष्ठभूमि में बनाया जा रहा है; PDF यहाँ से डाउनलोड करें।',
  NoticesRunAsJob_other: '{{count}} मामलों के नोटिस पृष्ठभूमि में बनाए जा रहे हैं; PDF यहाँ से डाउनलोड करें।',
  LegalOverdueCount_one: '{{count}} अतिदेय',
  LegalOverdueCount_other: '{{count}} अतिदेय',
  PoolInitiateSummary_one: '{{count}} खाता चुना गया। इसके लिए एक लीगल मामला खुलेगा और लीगल आरंभ ट्रे में जाएगा।',
  PoolInitiateSummary_other: '{{count}} खाते चुने गए। हर खाते के लिए एक लीगल मामला खुलेगा और लीगल आरंभ ट्रे में जाएगा।',
  PoolDeclineSummary_one: '{{count}} खाता चुना गया। यह लीगल सेटिंग्स में तय समीक्षा अवधि तक पूल से बाहर रहेगा।',
  PoolDeclineSummary_other: '{{count}} खाते चुने गए। ये लीगल सेटिंग्स में तय समीक्षा अवधि तक पूल से बाहर रहेंगे।',
  PoolDeclined_one: '{{count}} खाता लीगल के अयोग्य चिह्नित किया गया।',
  PoolDeclined_other: '{{count}} खाते लीगल के अयोग्य चिह्नित किए गए।',
  UploadFileRules_one: 'अधिकतम {{count}} पंक्ति वाली .xlsx या .csv फ़ाइल; पहली पंक्ति में कॉलम के नाम हों।',
  UploadFileRules_other: 'अधिकतम {{count}} पंक्तियों वाली .xlsx या .csv फ़ाइल; पहली पंक्ति में कॉलम के नाम हों।',
  UploadFinished_one: '{{count}} में से {{ok}} पंक्ति संसाधित, {{failed}} विफल।',
  UploadFinished_other: '{{count}} में से {{ok}} पंक्तियाँ संसाधित, {{failed}} विफल।',
  UploadTotalRows_one: 'फ़ाइल में पंक्तियाँ: {{count}}',
  UploadTotalRows_other: 'फ़ाइल में पंक्तियाँ: {{count}}',
  UploadOkRows_one: 'संसाधित पंक्तियाँ: {{count}}',
  UploadOkRows_other: 'संसाधित पंक्तियाँ: {{count}}',
  UploadFailedRows_one: 'त्रुटि वाली पंक्तियाँ: {{count}}',
  UploadFailedRows_other: 'त्रुटि वाली पंक्तियाँ: {{count}}',
  ErrorDetailRateLimited_one: 'बहुत अधिक प्रयास। {{count}} सेकंड बाद फिर से प्रयास करें।',
  ErrorDetailRateLimited_other: 'बहुत अधिक प्रयास। {{count}} सेकंड बाद फिर से प्रयास करें।',
  WorkflowNoticesGenerated_one: 'बनाए गए नोटिस: {{count}}। PDF डाउनलोड हो गई है।',
  WorkflowNoticesGenerated_other: 'बनाए गए नोटिस: {{count}}। PDF डाउनलोड हो गई है।',
  WorkflowDaysLeft_one: '{{count}} दिन शेष',
  WorkflowDaysLeft_other: '{{count}} दिन शेष',
  WorkflowOverdueByDays_one: '{{count}} दिन से अतिदेय',
  WorkflowOverdueByDays_other: '{{count}} दिन से अतिदेय',
  WorkflowAllowedInDays_one: '{{count}} दिन बाद अनुमत',
  WorkflowAllowedInDays_other: '{{count}} दिन बाद अनुमत',
  MailSignInCodeBody_one:
    'आपका एक-बार का साइन-इन कोड {{code}} है।\n\nयह {{count}} मिनट में समाप्त हो जाएगा और केवल एक बार काम करेगा। यदि आपने साइन इन करने का प्रयास नहीं किया, तो अपने व्यवस्थापक को बताएँ और अपना पासवर्ड बदलें।\n',
  MailSignInCodeBody_other:
    'आपका एक-बार का साइन-इन कोड {{code}} है।\n\nयह {{count}} मिनट में समाप्त हो जाएगा और केवल एक बार काम करेगा। यदि आपने साइन इन करने का प्रयास नहीं किया, तो अपने व्यवस्थापक को बताएँ और अपना पासवर्ड बदलें।\n',
  MailResetCodeBody_one:
    'आपका पासवर्ड रीसेट कोड {{code}} है।\n\nयह {{count}} मिनट में समाप्त हो जाएगा और केवल एक बार काम करेगा। यदि आपने पासवर्ड रीसेट करने के लिए नहीं कहा, तो इस संदेश को अनदेखा करें; आपका पासवर्ड नहीं बदला है।\n',
  MailResetCodeBody_other:
    'आपका पासवर्ड रीसेट कोड {{code}} है।\n\nयह {{count}} मिनट में समाप्त हो जाएगा और केवल एक बार काम करेगा। यदि आपने पासवर्ड रीसेट करने के लिए नहीं कहा, तो इस संदेश को अनदेखा करें; आपका पासवर्ड नहीं बदला है।\n',
  PendingApprovalsCount_one: '{{count}} अनुमोदन लंबित',
  PendingApprovalsCount_other: '{{count}} अनुमोदन लंबित',
  PtpDeviationText_one:
    'इस बकेट में वादा अधिकतम {{count}} दिन आगे का हो सकता है, अगली किस्त के बाद का नहीं और एक EMI से कम नहीं। इससे बाहर पर्यवेक्षक निर्णय लेता है और आपका कारण पढ़ता है।',
  PtpDeviationText_other:
    'इस बकेट में वादा अधिकतम {{count}} दिन आगे का हो सकता है, अगली किस्त के बाद का नहीं और एक EMI से कम नहीं। इससे बाहर पर्यवेक्षक निर्णय लेता है और आपका कारण पढ़ता है।',
};
