import type { ServerKey } from './server-en.ts';

// Arabic strings the server writes.
export const serverAr: Record<ServerKey, string> = {
  ErrorDetailNotFound: 'غير موجود، أو ليس ضمن نطاق وحدتك العاملة.',
  ErrorDetailNoEndpoint: 'لا توجد نقطة نهاية {{method}} في هذا المسار.',
  ErrorDetailBadRequest: 'تعذرت قراءة الطلب (أرسل جسمًا بتنسيق JSON).',
  ErrorDetailMethodNotAllowed: 'الطريقة غير مسموح بها',
  ErrorDetailNotAcceptable: 'غير مقبول',
  ErrorDetailMalformed: 'عنوان الطلب أو ترويساته غير صحيحة.',
  ErrorDetailUnauthenticated: 'انتهت جلستك أو أنها غير صالحة. يرجى تسجيل الدخول مرة أخرى.',
  ErrorDetailUnitNotAllowed: 'اختر إحدى وحداتك كوحدة عاملة.',
  ErrorDetailRateLimited: 'محاولات كثيرة جدًا. حاول مرة أخرى بعد {{count}} ثانية.',
  ErrorDetailStaleVersion: 'تغيّر هذا السجل منذ أن فتحته. أعد تحميله وحاول مرة أخرى.',
  ErrorDetailPayloadTooLarge: 'حجم الطلب كبير جدًا.',
  ErrorDetailUnsupportedMediaType: 'أرسل جسم الطلب بتنسيق application/json.',
  ErrorDetailServiceUnavailable: 'هذه الخدمة غير متاحة الآن. حاول لاحقًا.',
  ErrorDetailInternal: 'حدث خطأ من جانبنا. اذكر رقم الطلب {{requestId}} للدعم.',
  ErrorDetailCaseAlreadyOpen: 'يوجد بالفعل ملف مفتوح لهذا الحساب في سير العمل هذا.',

  MailSignInCodeSubject: 'رمز تسجيل الدخول إلى Recovery Desk',
  MailSignInCodeBody:
    'رمز تسجيل الدخول لمرة واحدة هو {{code}}.\n\nتنتهي صلاحيته خلال {{minutes}} دقيقة ويعمل مرة واحدة. إذا لم تحاول تسجيل الدخول، فأبلغ المسؤول وغيّر كلمة المرور.\n',
  MailResetCodeSubject: 'رمز إعادة تعيين كلمة المرور في Recovery Desk',
  MailResetCodeBody:
    'رمز إعادة تعيين كلمة المرور هو {{code}}.\n\nتنتهي صلاحيته خلال {{minutes}} دقيقة ويعمل مرة واحدة. إذا لم تطلب إعادة تعيين كلمة المرور، فتجاهل هذه الرسالة؛ لم تتغير كلمة المرور.\n',
  MailDecisionSubject: 'الملف {{caseNo}}: {{decision}}',
  MailDecisionBody:
    'عزيزي {{name}}،\n\nقرر {{checker}} "{{decision}}" في الملف {{caseNo}} في المرحلة {{fromStage}}، على الخطوة التي أنشأتها.\nالملف الآن في المرحلة {{stage}} بالحالة {{status}}.\n\nالملاحظات: {{remarks}}\n\nافتح الملف في Recovery Desk للاطلاع على القرار والتصرف بناءً عليه.\n',
  MailNoRemarks: '(لا شيء)',
  MailHearingReminderSubject: 'تذكير بالجلسة: القضية {{caseNo}} بتاريخ {{date}}',
  MailHearingReminderBody:
    'الجلسة التالية للقضية {{caseNo}} بتاريخ {{date}}{{atCourt}}.\n\nجهّز الملف وسجّل النتيجة في Recovery Desk (Court Case Update) بعد الجلسة.\n',
  MailHearingReminderAtCourt: ' في {{court}}',

  NoticePageOf: 'الصفحة {{page}} من {{pages}}',
  NoticeSubject: 'إشعار قانوني {{caseNo}}، حساب القرض {{accountNo}}',
  ExportCurrency: 'العملة',
};
