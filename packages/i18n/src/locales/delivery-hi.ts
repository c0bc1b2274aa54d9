import type { DeliveryKey } from './delivery-en.ts';

// Hindi strings of sign-in delivery.
export const deliveryHi: Record<DeliveryKey, string> = {
  OtpSentTitle: 'अपना ई-मेल देखें',
  OtpSentEnterIt: 'हमने आपके पंजीकृत ई-मेल पर एक वन-टाइम कोड भेजा है। उसे दर्ज करें और साइन इन दबाएँ।',
  OtpEnterSentCode: 'आपके पंजीकृत ई-मेल पर भेजा गया वन-टाइम कोड दर्ज करें, फिर साइन इन दबाएँ।',
  SsoNotConfiguredTitle: 'सिंगल साइन-ऑन कॉन्फ़िगर नहीं है',
  SsoNotConfigured:
    'इस इंस्टॉलेशन में कोई सिंगल साइन-ऑन प्रदाता नहीं है। अपने उपयोगकर्ता नाम और पासवर्ड से साइन इन करें, या अपने व्यवस्थापक से OIDC_ISSUER सेट करने को कहें।',
  DemoIdpTitle: 'डेमो पहचान प्रदाता',
  DemoIdpIntro:
    'केवल डेमो मोड: यह आपके संगठन के सिंगल साइन-ऑन की जगह है। किसी डेमो उपयोगकर्ता के रूप में उसी के पासवर्ड से साइन इन करें।',
  DemoIdpUser: 'डेमो उपयोगकर्ता',
  DemoIdpPassword: 'पासवर्ड',
  DemoIdpSignIn: 'साइन इन करें और Recovery Desk पर लौटें',
  DemoIdpCancel: 'रद्द करें',
  DemoIdpWrongCredentials: 'गलत उपयोगकर्ता नाम या पासवर्ड।',
  DemoIdpExpired: 'यह साइन-इन समाप्त हो गया है। Recovery Desk पर लौटें और फिर से For Internal Login दबाएँ।',
  LoadingContent: 'सामग्री लोड हो रही है',
};
