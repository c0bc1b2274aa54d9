// Hindi: messages of the hardening work (a security test's findings).
export const hardeningHi = {
  ErrorPreconditionRequired:
    'इस बदलाव में यह नहीं बताया गया कि यह रिकॉर्ड के किस संस्करण पर किया गया था। रिकॉर्ड फिर से लोड करें और बदलाव दोबारा करें।',
  ErrorDetailPreconditionRequired: 'इस बदलाव के साथ पढ़े गए रिकॉर्ड का संस्करण (फ़ील्ड "version") भेजें।',
};
