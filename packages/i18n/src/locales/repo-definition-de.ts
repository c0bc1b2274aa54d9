import type { RepoDefinitionKey } from './repo-definition-en.ts';

// German strings of the repossession workflow definition (German banking and collateral terms; acronyms kept).
export const repoDefinitionDe: Record<RepoDefinitionKey, string> = {
  // Words of earlier versions only (RETIRED_REPO_DEFINITION_KEYS)
  OdometerReading: 'Kilometerstand (km)',
  KeysReceived: 'Schlüssel erhalten',
  InventoryOfBelongings: 'Inventar des Inhalts und der persönlichen Gegenstände',
  // Definition and tray columns
  RepossessionWorkflow: 'Rücknahme-Workflow',
  NpaFlag: 'NPA-Kennzeichen',
  AssetType: 'Objektart',
  VehicleRegistrationNo: 'Kfz-Kennzeichen',
  RepossessionDate: 'Rücknahmedatum',
  YardName: 'Verwahrplatz',
  ValuationAmount: 'Schätzwert',
  ReservePrice: 'Mindestpreis',
  DisposalMode: 'Verwertungsart',
  SaleAmount: 'Verkaufserlös',

  // Initiation
  RepossessionReason: 'Grund der Rücknahme',
  ReasonNpa: 'Konto ist notleidend (NPA)',
  ReasonSkipped: 'Kreditnehmer untergetaucht (nicht erreichbar)',
  ReasonWilfulDefault: 'Vorsätzlicher Zahlungsausfall',
  ReasonAssetAtRisk: 'Objekt gefährdet (Verkauf, Weitergabe oder Beschädigung)',
  AssetCar: 'Pkw',
  AssetTwoWheeler: 'Zweirad',
  AssetCommercialVehicle: 'Nutzfahrzeug',
  AssetTractor: 'Traktor',
  AssetConstructionEquipment: 'Baumaschine',
  ChassisNo: 'Fahrgestellnummer',
  EngineNo: 'Motornummer',
  AgreementHasRepossessionClause: 'Kreditvertrag enthält eine Rücknahmeklausel',
  OverdueAmount: 'Überfälliger Betrag',
  RegistrationCertificateWithHypothecation: 'Zulassungsbescheinigung (RC) mit Sicherungsvermerk',

  // Pre-repossession notice
  NoticeModeHandDelivery: 'Persönliche Übergabe',
  DispatchProof: 'Versandnachweis',

  // Kit: agency, authorisation, police pre-intimation
  RepossessionAgency: 'Rücknahmeagentur',
  AuthorisationLetterNo: 'Nummer der Vollmacht',
  PoliceStation: 'Polizeidienststelle',
  PolicePreIntimationDate: 'Datum der Vorabmeldung an die Polizei',
  AuthorisationLetter: 'Vollmacht für die Agentur',
  PolicePreIntimation: 'Vorabmeldung an die Polizei',
  ReleaseKitToAgency: 'Unterlagenpaket an die Agentur geben',

  // Repossession, yard-in and inventory
  YardInDate: 'Einstelldatum auf dem Verwahrplatz',
  PolicePostIntimationDate: 'Datum der Nachmeldung an die Polizei',
  PostRepossessionLetterDate: 'Datum des Schreibens nach der Rücknahme',
  BelongingsReturned: 'Persönliche Gegenstände zurückgegeben',
  RepossessionPhotos: 'Fotos der Rücknahme',
  InventorySheet: 'Inventarliste',
  PolicePostIntimation: 'Nachmeldung an die Polizei',
  PostRepossessionLetter: 'Schreiben an den Kreditnehmer nach der Rücknahme',
  AssetInYard: 'Objekt auf dem Verwahrplatz',

  // Valuation and floor price
  ValuationAgency: 'Bewertungsagentur',
  AllocationDate: 'Zuteilungsdatum',
  AllocateAgency: 'Agentur zuteilen',
  DistressValue: 'Notverkaufswert',
  AssetCondition: 'Objektzustand',
  ConditionGood: 'Gut',
  ConditionAverage: 'Mittel',
  ConditionPoor: 'Schlecht',
  ConditionScrap: 'Schrott',
  ValuationReport: 'Bewertungsgutachten',
  FprAgency: 'FPR-Agentur',
  RecommendDisposal: 'Verwertung empfehlen',

  // Disposal
  DisposalAuction: 'Auktion',
  DisposalDirectSale: 'Direktverkauf',
  DisposalReleaseOnPayment: 'Freigabe gegen Zahlung',
  ApproveAuction: 'Auktion genehmigen',
  ApproveDirectSale: 'Direktverkauf genehmigen',
  ApproveRelease: 'Freigabe genehmigen',
  BuyerName: 'Name des Käufers',
  SaleOfferAmount: 'Angebotsbetrag',
  WaiverRequired: 'Verzicht erforderlich',
  BuyerOfferLetter: 'Kaufangebot des Käufers',

  // Auction
  AuctionNoticeDate: 'Datum der Auktionsbekanntmachung',
  AuctionDate: 'Auktionsdatum',
  AuctionNoticeCopy: 'Kopie der Auktionsbekanntmachung',
  SaleLetterToBuyer: 'Verkaufsschreiben an den Käufer',
  AuctionAgency: 'Auktionsagentur',
  AuctionHeldOn: 'Auktion abgehalten am',
  NumberOfBids: 'Anzahl der Gebote',
  HighestBidderName: 'Höchstbietender',
  HighestBid: 'Höchstgebot',
  BidSheet: 'Bieterliste',
  RejectBid: 'Gebot ablehnen',

  // Waiver
  WaiverAmount: 'Verzichtsbetrag',
  WaiverReason: 'Grund des Verzichts',
  RejectWaiver: 'Verzicht ablehnen',

  // Pre-sale notice and sale
  SaleNoticeDate: 'Datum der Verkaufsmitteilung',
  SaleNoticeCopy: 'Kopie der Verkaufsmitteilung',
  SaleDate: 'Verkaufsdatum',
  PaymentReferenceUtr: 'Zahlungsreferenz (UTR)',
  SaleInvoice: 'Verkaufsrechnung',
  RtoTransferForms2930: 'Umschreibungsformulare 29 und 30 (RTO)',

  // Closure
  ClosureType: 'Abschlussart',
  ClosureSold: 'Verkauft',
  ClosureReleased: 'An den Kreditnehmer freigegeben',
  ClosureWrittenOff: 'Abgeschrieben',
  PaymentRealisedDate: 'Zahlung eingegangen am',
  ReleaseDate: 'Freigabedatum',
  SaleExpensesRecovered: 'Aus dem Erlös gedeckte Verwertungskosten',
  ReleaseLetter: 'Freigabeschreiben',

  // Date rules
  RepoNoticePeriodEnds: 'Frist der Mitteilung vor der Rücknahme endet',
  PolicePostIntimationDue: 'Nachmeldung an die Polizei fällig',
  PostRepossessionLetterDue: 'Schreiben nach der Rücknahme fällig',
  ValuationDue: 'Bewertung fällig',
  SaleDue: 'Verkauf fällig (Richtlinie)',
  AuctionNoticePeriodEnds: 'Frist der Auktionsbekanntmachung endet',
  PreSaleNoticePeriodEnds: 'Frist der Mitteilung vor dem Verkauf endet (letzte Gelegenheit zur Zahlung)',
  ReleaseDue: 'Freigabe fällig',
  // shared with SARFAESI: the auction result of a (failed) auction
  AuctionResult: 'Auktionsergebnis',
  AuctionSuccessful: 'Erfolgreich (H1-Gebot erhalten)',
  AuctionNoBids: 'Gescheitert (keine Gebote)',
  AuctionFailed: 'Auktion gescheitert',
  // Partial payment (both workflows: REPOSSESSION v9 and SARFAESI)
  RequestPartialPayment: 'Teilzahlung beantragen',
  PaymentProof: 'Zahlungsnachweis',
  PartialPaymentAmount: 'Teilzahlungsbetrag',
  PaymentDate: 'Zahlungsdatum',
  BalancePaymentSchedule: 'Zahlungsplan für den Rest',
  PartialPaymentMode: 'Zahlungsart',
  PartialPaymentReference: 'Zahlungsreferenz (UTR, Scheck- oder Wechselnr.)',
  PartialModeCash: 'Bar',
  PartialModeCheque: 'Scheck',
  PartialModeDd: 'Bankwechsel',
  PartialModeNeft: 'NEFT',
  PartialModeRtgs: 'RTGS',
  PartialModeImps: 'IMPS',
  PartialModeUpi: 'UPI',
  ApprovePartialPayment: 'Teilzahlung genehmigen',
  RejectPartialPayment: 'Teilzahlung ablehnen',
};
