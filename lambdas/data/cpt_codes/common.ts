/**
 * Forty common surgical procedures: the codes of the starter list (lambdas/cpt_codes/starter.ts) and
 * the search index's first rank (docs/decisions/0026-search-and-registry-details.md). The labels are
 * this project's own plain words, NOT the AMA's CPT descriptors (which this repository must never
 * contain). Pure data, read by the index keys (keys.ts).
 */

/** Each common procedure's code and this project's label, in code order. */
export const COMMON_PROCEDURES: readonly { cpt_code: string; cpt_description: string }[] = [
  { cpt_code: '10060', cpt_description: 'Skin abscess drainage, simple or single' },
  { cpt_code: '11042', cpt_description: 'Wound debridement down to subcutaneous tissue, first 20 sq cm' },
  { cpt_code: '12032', cpt_description: 'Layered wound closure on scalp, trunk or limbs, 2.6 to 7.5 cm' },
  { cpt_code: '15734', cpt_description: 'Muscle flap of the trunk' },
  { cpt_code: '19301', cpt_description: 'Breast lump removal with margin (lumpectomy)' },
  { cpt_code: '19303', cpt_description: 'Whole breast removal, simple (mastectomy)' },
  { cpt_code: '20610', cpt_description: 'Large joint injection or fluid draw, such as knee or shoulder' },
  { cpt_code: '21554', cpt_description: 'Deep soft-tissue tumor removal from neck or front of chest, 5 cm or more' },
  { cpt_code: '22551', cpt_description: 'Neck spine fusion from the front with disc removal, one level' },
  { cpt_code: '23412', cpt_description: 'Rotator cuff repair, open, long-standing tear' },
  { cpt_code: '25607', cpt_description: 'Wrist (distal radius) fracture fixed through an incision, outside the joint' },
  { cpt_code: '27130', cpt_description: 'Hip replacement, total (arthroplasty)' },
  { cpt_code: '27447', cpt_description: 'Knee replacement, total (arthroplasty)' },
  { cpt_code: '28296', cpt_description: 'Bunion correction with a cut of the first foot bone' },
  { cpt_code: '29827', cpt_description: 'Shoulder scope with rotator cuff repair' },
  { cpt_code: '29880', cpt_description: 'Knee scope trimming both menisci (inner and outer)' },
  { cpt_code: '29881', cpt_description: 'Knee scope trimming one meniscus (inner or outer)' },
  { cpt_code: '30520', cpt_description: 'Straightening of the nasal septum (septoplasty)' },
  { cpt_code: '31256', cpt_description: 'Sinus scope opening the maxillary sinus' },
  { cpt_code: '32480', cpt_description: 'Lung lobe removal (lobectomy)' },
  { cpt_code: '33533', cpt_description: 'Heart bypass surgery with one artery graft' },
  { cpt_code: '35301', cpt_description: 'Carotid artery plaque removal through a neck incision' },
  { cpt_code: '36821', cpt_description: 'Dialysis access: direct artery to vein connection in the arm' },
  { cpt_code: '42820', cpt_description: 'Tonsils and adenoids removal, child under 12' },
  { cpt_code: '43644', cpt_description: 'Gastric bypass, laparoscopic (Roux-en-Y)' },
  { cpt_code: '43775', cpt_description: 'Sleeve gastrectomy, laparoscopic (stomach reduction)' },
  { cpt_code: '44970', cpt_description: 'Appendix removal, laparoscopic (appendectomy)' },
  { cpt_code: '45378', cpt_description: 'Colon scope exam (colonoscopy), diagnostic' },
  { cpt_code: '47562', cpt_description: 'Gallbladder removal (cholecystectomy) by laparoscopy' },
  { cpt_code: '47563', cpt_description: 'Gallbladder removal (cholecystectomy) by laparoscopy, with bile duct X-ray' },
  { cpt_code: '49505', cpt_description: 'Groin hernia repair, open, first time, age 5 or older (inguinal)' },
  { cpt_code: '49650', cpt_description: 'Groin hernia repair, laparoscopic, first time (inguinal)' },
  { cpt_code: '52000', cpt_description: 'Bladder scope exam (cystoscopy)' },
  { cpt_code: '55866', cpt_description: 'Prostate removal, laparoscopic or robotic (prostatectomy)' },
  { cpt_code: '58571', cpt_description: 'Hysterectomy, laparoscopic, with tubes or ovaries, uterus up to 250 g' },
  { cpt_code: '60240', cpt_description: 'Thyroid gland removal, complete (thyroidectomy)' },
  { cpt_code: '63030', cpt_description: 'Lower back disc surgery through a small bone window, one level' },
  { cpt_code: '64721', cpt_description: 'Carpal tunnel release at the wrist' },
  { cpt_code: '66984', cpt_description: 'Cataract removal with artificial lens placement' },
  { cpt_code: '69436', cpt_description: 'Ear tube placement, both or one ear, under general anesthesia' },
];

/** The codes of {@link COMMON_PROCEDURES}. */
export const COMMON_PROCEDURE_CODES: ReadonlySet<string> = new Set(COMMON_PROCEDURES.map((c) => c.cpt_code));
