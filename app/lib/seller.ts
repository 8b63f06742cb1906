/**
 * The seller's legal details as pages show them (settings, migration 0018): /contact, the footer (name and
 * INN), terms, privacy and every mail's footer. Browser-safe: no server imports.
 */
export interface SellerDetails {
	name: string;
	inn: string;
	/** OGRN (13 digits, an organisation) or OGRNIP (15, a sole trader). */
	ogrn: string;
	address: string;
	privacyEmail: string;
}

export function sellerDetailsOf(settings: {
	seller_legal_name: string;
	seller_inn: string;
	seller_ogrn: string;
	seller_legal_address: string;
	privacy_email: string;
}): SellerDetails {
	return {
		name: settings.seller_legal_name,
		inn: settings.seller_inn,
		ogrn: settings.seller_ogrn,
		address: settings.seller_legal_address,
		privacyEmail: settings.privacy_email,
	};
}

/** Which registration number it is: a sole trader's OGRNIP has 15 digits, an organisation's OGRN 13. */
export function ogrnKind(ogrn: string): "ogrn" | "ogrnip" {
	return ogrn.length === 15 ? "ogrnip" : "ogrn";
}
