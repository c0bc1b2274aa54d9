import type { SarfaesiDefinitionKey } from './sarfaesi-definition-en.ts';

// German strings of the SARFAESI workflow definition (German terms for collateral enforcement; the Act's section,
// rule and appendix numbers and acronyms kept, as the legal definition's German does).
export const sarfaesiDefinitionDe: Record<SarfaesiDefinitionKey, string> = {
  // Definition and tray columns
  SarfaesiWorkflow: 'Sarfaesi-Workflow',
  SecuredDebtAmount: 'Besicherte Forderung',
  SecurityType: 'Art der Sicherheit',
  DemandNoticeDate: 'Datum der Zahlungsaufforderung nach §13(2)',
  PossessionDate: 'Datum der Besitzergreifung',
  FairMarketValue: 'Verkehrswert',

  // Initiation: eligibility, amount split, security
  LenderType: 'Art des Kreditgebers',
  LenderBank: 'Geschäftsbank',
  LenderNbfc: 'Finanzinstitut ohne Banklizenz (NBFC)',
  LenderHfc: 'Baufinanzierer (HFC)',
  NpaDate: 'NPA-Datum',
  PrincipalOutstanding: 'Offenes Kapital',
  InterestOutstanding: 'Offene Zinsen',
  ChargesOutstanding: 'Offene Gebühren',
  SecurityImmovable: 'Immobilie',
  SecurityMovable: 'Bewegliche Sache',
  PropertyDescription: 'Beschreibung des Sicherungsguts',
  CersaiAssetId: 'CERSAI-Objekt-ID',
  ObligorCount: 'Anzahl der Verpflichteten (Kreditnehmer, Mitkreditnehmer, Bürgen)',
  MortgageOrHypothecationDeed: 'Grundpfand- oder Sicherungsübereignungsurkunde',
  CersaiRegistration: 'CERSAI-Registrierung',

  // §13(2) demand notice and its service (Rule 3)
  DemandAmount: 'Geforderter Betrag',
  NoticeUnserved: 'Nicht zugestellt',
  DemandNotice132Copy: 'Kopie der Zahlungsaufforderung nach §13(2)',
  AffixedOnPropertyDate: 'Am Objekt angeschlagen am',
  PublicationDate: 'Veröffentlichungsdatum',
  NewspapersEnglishAndVernacular: 'Zeitungen (eine englische, eine in der Landessprache)',
  NewspaperCuttings: 'Zeitungsausschnitte',

  // Detours open from the work stages (§13(8) redemption, partial payment)
  RequestAssetRelease: 'Objektfreigabe beantragen',

  // Possession type and §13(3A) representation
  PossessionType: 'Art der Besitzergreifung',
  PossessionSymbolic: 'Symbolische Besitzergreifung',
  PossessionPhysical: 'Tatsächliche Besitzergreifung',
  RepresentationReceived133A: 'Einwendung eingegangen (§13(3A))',
  RepresentationReceivedDate: 'Einwendung eingegangen am',
  RepresentationReplyDate: 'Antwort auf die Einwendung gesendet am',
  RepresentationReply: 'Antwort auf die Einwendung',
  RepresentationReplyReasons: 'Gründe für die Ablehnung der Einwendung',

  // Police intimation and possession (Rule 8)
  PoliceIntimationDate: 'Datum der Meldung an die Polizei',
  PoliceIntimationCopy: 'Kopie der Meldung an die Polizei',
  PossessionNoticeAffixedDate: 'Besitzergreifungsmitteilung angeschlagen am',
  Witness1Name: 'Erster Zeuge',
  Witness2Name: 'Zweiter Zeuge',
  PossessionPublicationDate: 'Besitzergreifungsmitteilung veröffentlicht am',
  PossessionNoticeAppendixIv: 'Besitzergreifungsmitteilung (Appendix IV)',
  Panchnama: 'Panchnama (Protokoll vor Zeugen)',

  // §14 application to the CMM / DM, order, physical possession
  DmAdvocateName: 'Anwalt für den Antrag nach §14',
  MagistrateAuthority: 'Zuständiger Magistrat',
  MagistrateCmm: 'Leitender Großstadtmagistrat (CMM)',
  MagistrateDm: 'Bezirksmagistrat (DM)',
  MagistrateCjm: 'Leitender Justizmagistrat (CJM)',
  MagistrateAdm: 'Stellvertretender Bezirksmagistrat (ADM)',
  MagistrateAcmm: 'Stellvertretender leitender Großstadtmagistrat (ACMM)',
  Section14FilingDate: 'Antrag nach §14 eingereicht am',
  Section14ApplicationNo: 'Aktenzeichen des Antrags nach §14',
  Section14Application: 'Antrag nach §14',
  Section14Affidavit: 'Eidesstattliche Versicherung zum Antrag nach §14',
  Section14OrderDate: 'Datum der Anordnung nach §14',
  Section14OrderNo: 'Aktenzeichen der Anordnung nach §14',
  AdvocateCommissionerOrReceiver: 'Anwaltskommissar oder Zwangsverwalter',
  Section14Order: 'Anordnung nach §14',
  PhysicalPossessionScheduledOn: 'Tatsächliche Besitzergreifung geplant am',
  PhysicalPossessionDate: 'Tatsächlicher Besitz ergriffen am',
  Custodian: 'Verwahrer',
  InsurancePolicyNo: 'Versicherungsscheinnummer',
  PanchnamaAndInventory: 'Panchnama und Inventar',
  InsurancePolicy: 'Versicherungsschein',

  // Valuation (Rule 8(5)) and property visit report
  ApprovedValuer: 'Zugelassener Gutachter',
  ValuerRegistrationNo: 'Registernummer des Gutachters',
  RealisableValue: 'Realisierbarer Wert',
  PropertyVisitDate: 'Datum der Objektbesichtigung',
  OccupancyStatus: 'Belegung',
  OccupancyVacant: 'Leerstehend',
  OccupancyLocked: 'Verschlossen',
  OccupancyBorrower: 'Vom Kreditnehmer bewohnt',
  OccupancyTenant: 'Vermietet',
  PropertyCondition: 'Objektzustand',
  PropertyVisitReport: 'Besichtigungsbericht (PVR)',
  PropertyPhotos: 'Fotos des Objekts',

  // Disposal and reserve price
  DisposalPrivateTreaty: 'Freihändiger Verkauf',
  EmdAmount: 'Bietungssicherheit (EMD)',
  BidIncrement: 'Mindeststeigerung',

  // Auction batch and sale notice (Rules 8(6), 9(1))
  AuctionBatchNo: 'Nummer des Auktionsstapels',
  AddToBatch: 'Zum Stapel hinzufügen',
  SaleNoticeType: 'Art der Verkaufsmitteilung',
  SaleNoticeFirst: 'Erster Verkauf',
  SaleNoticeSubsequent: 'Weiterer Verkauf (erneute Auktion)',
  SaleNoticeServedDate: 'Verkaufsmitteilung zugestellt am',
  SaleNoticeAffixedDate: 'Verkaufsmitteilung angeschlagen am',
  InspectionDate1: 'Erster Besichtigungstermin',
  InspectionDate2: 'Zweiter Besichtigungstermin',
  EmdLastDate: 'Letzter Tag für die Bietungssicherheit (EMD)',
  AuctionTime: 'Auktionszeiten',
  AuctionSaleNoticeAppendixIva: 'E-Auktions-Verkaufsbekanntmachung (Anhang IV-A)',

  // Artwork, publication and e-auction
  AuctionArtwork: 'Druckvorlage der Auktionsbekanntmachung',
  PortalUploadDate: 'Auf das E-Auktionsportal hochgeladen am',
  PortalReference: 'Referenz im E-Auktionsportal',
  Published: 'Veröffentlicht',
  AgencyMstc: 'MSTC',
  AgencyIbapi: 'IBAPI',
  AgencyC1India: 'C1 India',
  AgencyAuctionTiger: 'Auction Tiger',
  AgencyOther: 'Andere Agentur',
  H1BidderName: 'H1-Bieter',
  H1BidAmount: 'H1-Gebot',
  AuctionReport: 'Auktionsbericht',
  ConfirmSale: 'Verkauf bestätigen',

  // Private treaty
  BorrowerConsentDate: 'Datum der Zustimmung des Kreditnehmers',
  PrivateTreatyConsent: 'Zustimmung des Kreditnehmers zum freihändigen Verkauf',

  // Confirmation, 25% deposit and 75% balance (Rule 9)
  SaleConfirmationDate: 'Verkauf bestätigt am',
  DepositAmount25Percent: 'Anzahlung 25 %',
  DepositReceivedDate: 'Anzahlung 25 % eingegangen am',
  SaleConfirmationLetter: 'Verkaufsbestätigung',
  SaleConfirmed: 'Verkauf bestätigt',
  BalanceAmount75Percent: 'Restbetrag 75 %',
  BalanceReceivedDate: 'Restbetrag 75 % eingegangen am',
  WrittenExtensionAgreed: 'Schriftliche Fristverlängerung vereinbart',
  BalancePaymentProof: 'Nachweis der Restzahlung',
  WrittenExtensionAgreement: 'Schriftliche Fristverlängerungsvereinbarung',
  ForfeitAndResell: 'Anzahlung einbehalten und neu verkaufen',

  // Closure (§13(7)) and sale certificate (Rule 9(6))
  ClosureRedeemed: 'Vom Kreditnehmer abgelöst',
  ClosureSettled: 'Vergleich geschlossen',
  ClosureDate: 'Abschlussdatum',
  SaleCertificateNo: 'Nummer der Verkaufsbescheinigung',
  SaleCertificateAppendixV: 'Verkaufsbescheinigung (Appendix V)',
  AppropriationStatement: 'Erlösverteilung (§13(7))',

  // Asset release on redemption and partial payment
  RedemptionAmount: 'Ablösebetrag',
  RejectRelease: 'Freigabe ablehnen',

  // Date rules
  Sarf132NoticePeriodEnds: 'Frist der Zahlungsaufforderung nach §13(2) endet (früheste Besitzergreifung)',
  Sarf133AReplyDue: 'Antwort auf die Einwendung fällig (§13(3A))',
  SarfPossessionPublicationDue: 'Veröffentlichung der Besitzergreifung fällig (Regel 8(2))',
  SarfSection17WindowEnds: 'Frist des Kreditnehmers für die DRT-Anfechtung nach §17 endet',
  SarfSection14OrderDue: 'Anordnung des Magistrats erwartet (§14)',
  SarfSection14Escalation: 'Anordnung nach §14 überfällig: eskalieren',
  SarfSaleNoticePeriodEnds: 'Frist der Verkaufsmitteilung endet (Regeln 8(6), 9(1))',
  SarfResaleNoticePeriodEnds: 'Frist der Mitteilung zum erneuten Verkauf endet (Vorbehalt zu Regel 9(1))',
  SarfBalanceDue: 'Restbetrag 75 % fällig (Regel 9(4))',
};
