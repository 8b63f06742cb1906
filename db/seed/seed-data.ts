import type { SeedArtist, SeedProject, SeedSlide } from "./seed-types";

export const seedArtists: SeedArtist[] = [
	{
		id: "corpus-studio",
		name: "Corpus Studio",
		cityEn: "Moscow",
		cityRu: "Москва",
		descriptionEn:
			"Corpus Studio works in solid wood and hand-finished surfaces, building each piece from a few generous, softly rounded volumes. The furniture and tableware in our collection are made in small batches from oiled oak, ash and stoneware, with joints left on view rather than hidden.",
		descriptionRu:
			"Corpus Studio работает с массивом дерева и поверхностями ручной отделки: каждая вещь складывается из нескольких крупных, мягко скруглённых объёмов. Мебель и посуда из нашей коллекции сделаны небольшими партиями из промасленного дуба, ясеня и каменной керамики, а соединения не прячут — их оставляют на виду.",
	},
	{
		id: "studio-tkan",
		name: "Studio Tkan",
		cityEn: "Moscow",
		cityRu: "Москва",
		descriptionEn:
			"Studio Tkan is a Moscow textile and clothing studio that weaves, dyes and sews everything in its own workshop. Each coat and scarf starts with the cloth: wool and linen from small mills, coloured with plant dyes and cut so that as little as possible ends up as offcuts.",
		descriptionRu:
			"Studio Tkan — московская студия текстиля и одежды: здесь сами ткут, красят и шьют в собственной мастерской. Каждое пальто и каждый шарф начинаются с полотна — шерсти и льна с небольших фабрик, окрашенных растительными красителями и раскроенных так, чтобы в обрезки уходило как можно меньше.",
	},
	{
		id: "chuch-estudio",
		name: "Chuch Estudio",
		cityEn: "Mérida",
		cityRu: "Мерида",
		descriptionEn:
			"Chuch Estudio makes small objects and seating where traditional craft meets simple geometry. In the pieces we carry, woven palm fibre and mouth-blown glass are chosen for their texture and for the slight irregularities that only handwork leaves.",
		descriptionRu:
			"Chuch Estudio создаёт небольшие предметы и мебель для сидения, в которых традиционное ремесло встречается с простой геометрией. В вещах из нашей галереи плетёное пальмовое волокно и стекло ручного выдува ценятся за фактуру и лёгкую неровность, которую оставляет только ручная работа.",
	},
	{
		id: "masquespacio",
		name: "Masquespacio",
		cityEn: "Valencia",
		cityRu: "Валенсия",
		descriptionEn:
			"Masquespacio is a creative studio from Valencia whose interiors and objects are built on saturated colour and soft, rounded forms. The furniture we show from the studio pairs bright upholstery and lacquered curves with modules you can rearrange at home.",
		descriptionRu:
			"Masquespacio — творческая студия из Валенсии, чьи интерьеры и предметы строятся на насыщенном цвете и мягких, округлых формах. Мебель студии в нашей галерее — это яркая обивка, лакированные изгибы и модули, которые дома легко переставить по-своему.",
	},
	{
		id: "carmworks",
		name: "Carmworks",
		cityEn: "Kazan",
		cityRu: "Казань",
		descriptionEn:
			"Carmworks makes furniture, lighting and wall pieces from steel, cast plaster and timber salvaged from dismantled buildings. The studio keeps the look of the workshop: welded seams, raw edges and surfaces that are allowed to age.",
		descriptionRu:
			"Carmworks делает мебель, светильники и настенные работы из стали, литого гипса и дерева от разобранных построек. Студия сохраняет эстетику мастерской: сварные швы, необработанные кромки и поверхности, которым позволено стареть.",
	},
	{
		id: "bureau-nord",
		name: "Bureau Nord",
		cityEn: "Saint Petersburg",
		cityRu: "Санкт-Петербург",
		descriptionEn:
			"Bureau Nord is a branding and graphic design bureau with studios in Saint Petersburg and Stockholm. Its identities rely on strict grids, two or three colours and custom typefaces, and its posters are printed in short runs on uncoated paper.",
		descriptionRu:
			"Bureau Nord — бюро брендинга и графического дизайна со студиями в Санкт-Петербурге и Стокгольме. Его айдентика держится на строгой сетке, двух-трёх цветах и собственных шрифтах, а плакаты печатаются небольшими тиражами на немелованной бумаге.",
	},
	{
		id: "owl",
		name: "OWL",
		cityEn: "Yekaterinburg",
		cityRu: "Екатеринбург",
		descriptionEn:
			"OWL designs storage and cabinet furniture with an engineer's attention to how things open, fold and stack. The pieces in our collection combine powder-coated steel with birch plywood and are designed to be assembled without tools.",
		descriptionRu:
			"OWL проектирует системы хранения и корпусную мебель с инженерным вниманием к тому, как вещи открываются, складываются и ставятся друг на друга. Предметы из нашей коллекции сочетают сталь с порошковой окраской и берёзовую фанеру и собираются без инструментов.",
	},
];

export const seedProjects: SeedProject[] = [
	{
		id: "arc-lounge-chair",
		name: "Arc Lounge Chair",
		artistId: "corpus-studio",
		price: 48000,
		category: "furniture",
		descriptionEn:
			"A low lounge chair whose back and arms form one continuous arc of steam-bent oak. The seat is upholstered in undyed wool bouclé; 78 × 72 × 70 cm, seat height 38 cm.",
		descriptionRu:
			"Низкое кресло для отдыха: спинка и подлокотники образуют одну непрерывную дугу из дуба, согнутого над паром. Сиденье обито шерстяным букле натурального цвета; 78 × 72 × 70 см, высота сиденья 38 см.",
		link: null,
		facts: {
			dimensions: "78 × 72 × 70",
			materialsEn: "Steam-bent oak, wool bouclé",
			materialsRu: "Дуб, гнутый над паром; шерстяное букле",
			year: 2025,
			editionSize: null,
		},
		featuredOrder: 2,
		gallery: [
			{
				altEn: "Arc Lounge Chair: the oak arc and bouclé seat up close",
				altRu: "Кресло Arc Lounge Chair: дубовая дуга и сиденье из букле крупным планом",
			},
			{
				altEn: "Arc Lounge Chair on a rug in a bright living room beside a window and a plant",
				altRu: "Кресло Arc Lounge Chair на ковре в светлой гостиной у окна и растения",
			},
		],
		createdAt: "2026-01-05T10:00:00.000Z",
	},
	{
		id: "slab-oak-dining-table",
		name: "Slab Oak Dining Table",
		artistId: "corpus-studio",
		price: 96000,
		category: "furniture",
		descriptionEn:
			"A dining table for six with a 4 cm solid oak top resting on two rounded trestles. It is finished in hardwax oil that is easy to renew at home; 200 × 95 cm, height 75 cm.",
		descriptionRu:
			"Обеденный стол на шесть человек: столешница из массива дуба толщиной 4 см лежит на двух скруглённых опорах-козлах. Покрытие — масло с твёрдым воском, его легко обновить самостоятельно; 200 × 95 см, высота 75 см.",
		link: null,
		facts: {
			dimensions: "200 × 95 × 75",
			materialsEn: "Solid oak, hardwax oil",
			materialsRu: "Массив дуба, масло с твёрдым воском",
			year: 2024,
			editionSize: null,
		},
		availability: "reserved",
		gallery: [
			{
				altEn: "Slab Oak Dining Table: where the oiled oak top meets a rounded trestle",
				altRu:
					"Обеденный стол Slab Oak: место, где промасленная дубовая столешница ложится на скруглённую опору",
			},
			{
				altEn: "Slab Oak Dining Table in a dining room under a pendant lamp, set with a bowl of fruit",
				altRu: "Обеденный стол Slab Oak в столовой под подвесным светильником, на столе — миска с фруктами",
			},
		],
		createdAt: "2026-01-19T12:30:00.000Z",
	},
	{
		id: "terra-modular-sofa",
		name: "Terra Modular Sofa",
		artistId: "masquespacio",
		price: 140000,
		category: "furniture",
		descriptionEn:
			"A four-module sofa in terracotta velvet whose rounded blocks can be set in a row, around a corner or as an island. Each module has a beech frame and high-resilience foam; 320 cm long when fully assembled.",
		descriptionRu:
			"Диван из четырёх модулей в терракотовом бархате: округлые блоки можно поставить в ряд, углом или островом. У каждого модуля буковый каркас и наполнитель из высокоэластичного пенополиуретана; в собранном виде длина дивана — 320 см.",
		link: null,
		facts: {
			dimensions: "320 × 95 × 72",
			materialsEn: "Velvet, beech frame, high-resilience foam",
			materialsRu: "Бархат, буковый каркас, высокоэластичный пенополиуретан",
			year: 2025,
			editionSize: null,
		},
		featuredOrder: 1,
		gallery: [
			{
				altEn: "Terra Modular Sofa: the soft sheen of terracotta velvet where two modules meet",
				altRu: "Модульный диван Terra: мягкий блеск терракотового бархата на стыке двух модулей",
			},
			{
				altEn: "Terra Modular Sofa along the wall of a sunny living room",
				altRu: "Модульный диван Terra вдоль стены солнечной гостиной",
			},
			{
				altEn: "Terra Modular Sofa from above: three modules set as a corner and one as an island",
				altRu: "Модульный диван Terra сверху: три модуля стоят углом, а один — отдельным островом",
			},
		],
		createdAt: "2026-02-03T09:15:00.000Z",
	},
	{
		id: "pill-side-table",
		name: "Pill Side Table",
		artistId: "masquespacio",
		price: 18500,
		category: "furniture",
		descriptionEn:
			"A capsule-shaped side table in MDF finished with glossy pistachio lacquer. It stands 45 cm high with a 40 × 28 cm top, so it fits beside a sofa or a bed.",
		descriptionRu:
			"Приставной столик в форме капсулы из МДФ под глянцевым фисташковым лаком. Высота — 45 см, столешница — 40 × 28 см: он легко встанет у дивана или кровати.",
		link: null,
		facts: {
			dimensions: "40 × 28 × 45",
			materialsEn: "Lacquered MDF",
			materialsRu: "МДФ под глянцевым лаком",
			year: 2025,
			editionSize: null,
		},
		gallery: [
			{
				altEn: "Pill Side Table: light gleaming on the rounded pistachio lacquer",
				altRu: "Приставной столик Pill: блик света на скруглённом фисташковом лаке",
			},
			{
				altEn: "Pill Side Table beside a linen sofa, with a cup and a book on top",
				altRu: "Приставной столик Pill у льняного дивана, на нём чашка и книга",
			},
		],
		createdAt: "2026-02-21T14:45:00.000Z",
	},
	{
		id: "loop-bench",
		name: "Loop Bench",
		artistId: "carmworks",
		price: 34000,
		category: "furniture",
		descriptionEn:
			"A single loop of bent 30 mm steel tube carries a seat of pine boards salvaged from a dismantled barn. The welds are ground smooth but left visible; 140 × 36 cm, height 45 cm.",
		descriptionRu:
			"Одна изогнутая петля из стальной трубы диаметром 30 мм держит сиденье из сосновых досок разобранного амбара. Сварные швы зачищены, но не спрятаны; 140 × 36 см, высота 45 см.",
		link: null,
		facts: {
			dimensions: "140 × 36 × 45",
			materialsEn: "Steel tube, reclaimed pine",
			materialsRu: "Стальная труба, сосна от разобранного амбара",
			year: 2024,
			editionSize: null,
		},
		gallery: [
			{
				altEn: "Loop Bench: the ground weld where the steel tube meets the pine seat",
				altRu: "Скамья Loop: зачищенный сварной шов там, где стальная труба встречается с сосновым сиденьем",
			},
			{
				altEn: "Loop Bench in an entrance hall under a framed print",
				altRu: "Скамья Loop в прихожей под картиной в раме",
			},
		],
		createdAt: "2026-03-09T11:00:00.000Z",
	},
	{
		id: "fold-steel-shelf",
		name: "Fold Steel Shelf",
		artistId: "owl",
		price: 52000,
		category: "furniture",
		descriptionEn:
			"A freestanding shelving unit folded from 2 mm powder-coated steel sheet, with no screws visible from the front. Five shelves, 180 × 80 × 32 cm, in signal white or graphite.",
		descriptionRu:
			"Стеллаж, согнутый из стального листа толщиной 2 мм с порошковой окраской: спереди не видно ни одного винта. Пять полок, 180 × 80 × 32 см, цвет — сигнальный белый или графит.",
		link: null,
		facts: {
			dimensions: "180 × 80 × 32",
			materialsEn: "Powder-coated steel",
			materialsRu: "Сталь с порошковой окраской",
			year: 2025,
			editionSize: null,
		},
		gallery: [
			{
				altEn: "Fold Steel Shelf: the folded edge of a shelf, with no screws in sight",
				altRu: "Стеллаж Fold: загнутая кромка полки, и ни одного винта на виду",
			},
			{
				altEn: "Fold Steel Shelf against the wall of a study, beside a window",
				altRu: "Стеллаж Fold у стены кабинета рядом с окном",
			},
		],
		createdAt: "2026-03-27T16:20:00.000Z",
	},
	{
		id: "nido-stool",
		name: "Nido Stool",
		artistId: "chuch-estudio",
		price: 12900,
		category: "furniture",
		descriptionEn:
			"A low stool with a seat hand-woven from palm fibre over a round ash frame. Each seat takes about a day to weave, so no two are quite alike; 38 cm in diameter, 42 cm high.",
		descriptionRu:
			"Низкий табурет с сиденьем, вручную сплетённым из пальмового волокна на круглой раме из ясеня. На одно сиденье уходит около дня работы, поэтому двух одинаковых табуретов не бывает; диаметр 38 см, высота 42 см.",
		link: null,
		facts: {
			dimensions: "Ø 38 × 42",
			materialsEn: "Palm fibre, ash",
			materialsRu: "Пальмовое волокно, ясень",
			year: 2025,
			editionSize: null,
		},
		availability: "sold",
		gallery: [
			{
				altEn: "Nido Stool from above: coils of palm fibre bound inside the ash hoop",
				altRu: "Табурет Nido сверху: витки пальмового волокна, оплетённые внутри ясеневого обода",
			},
			{
				altEn: "Nido Stool by a window in a calm room with a plant",
				altRu: "Табурет Nido у окна в спокойной комнате с растением",
			},
		],
		createdAt: "2026-04-12T10:30:00.000Z",
	},
	{
		id: "block-cabinet",
		name: "Block Cabinet",
		artistId: "owl",
		price: 67000,
		category: "furniture",
		descriptionEn:
			"A sideboard of birch plywood boxes on a powder-coated steel base, with push-to-open doors and a single drawer. The plywood edges are left exposed and oiled; 160 × 45 × 72 cm.",
		descriptionRu:
			"Буфет из коробов берёзовой фанеры на стальном основании с порошковой окраской: дверцы открываются нажатием, внутри — один выдвижной ящик. Торцы фанеры оставлены открытыми и пропитаны маслом; 160 × 45 × 72 см.",
		link: null,
		facts: {
			dimensions: "160 × 45 × 72",
			materialsEn: "Birch plywood, powder-coated steel",
			materialsRu: "Берёзовая фанера, сталь с порошковой окраской",
			year: 2024,
			editionSize: null,
		},
		gallery: [
			{
				altEn: "Block Cabinet: the oiled, exposed layers of the birch plywood edge",
				altRu: "Буфет Block: открытые промасленные слои на торце берёзовой фанеры",
			},
			{
				altEn: "Block Cabinet in a living room with a vase and a framed print above it",
				altRu: "Буфет Block в гостиной, над ним ваза и картина в раме",
			},
		],
		createdAt: "2026-04-30T13:10:00.000Z",
	},
	{
		id: "pleat-wool-coat",
		name: "Pleat Wool Coat",
		artistId: "studio-tkan",
		price: 38000,
		category: "clothing",
		descriptionEn:
			"A straight-cut coat in dense felted wool with deep pressed pleats running down the back. Unlined, with hand-finished seams and horn buttons; sizes S–L, made to order within six weeks.",
		descriptionRu:
			"Пальто прямого кроя из плотной валяной шерсти с глубокими заутюженными складками по спинке. Без подкладки, швы обработаны вручную, пуговицы из рога; размеры S–L, шьётся на заказ за шесть недель.",
		link: null,
		facts: {
			dimensions: "",
			materialsEn: "Felted wool, horn buttons",
			materialsRu: "Валяная шерсть, роговые пуговицы",
			year: 2025,
			editionSize: null,
		},
		featuredOrder: 4,
		gallery: [
			{
				altEn: "Pleat Wool Coat: the pressed pleats of felted grey-blue wool up close",
				altRu: "Пальто Pleat Wool: заутюженные складки валяной серо-синей шерсти крупным планом",
			},
			{
				altEn: "Pleat Wool Coat worn, seen from behind in a bright room",
				altRu: "Пальто Pleat Wool на человеке, вид со спины в светлой комнате",
			},
			{
				altEn: "Pleat Wool Coat from the front: a straight cut closed with horn buttons",
				altRu: "Пальто Pleat Wool спереди: прямой крой и пуговицы из рога",
			},
		],
		createdAt: "2026-05-14T09:40:00.000Z",
	},
	{
		id: "linen-field-scarf",
		name: "Linen Field Scarf",
		artistId: "studio-tkan",
		price: 6900,
		category: "clothing",
		descriptionEn:
			"A long scarf woven from linen and fine wool, dyed with weld and madder in soft yellow and brick-red stripes. It measures 200 × 45 cm and has a hand-knotted fringe.",
		descriptionRu:
			"Длинный шарф из льна с тонкой шерстью, окрашенный резедой и мареной в мягкие жёлтые и кирпично-красные полосы. Размер — 200 × 45 см, бахрома завязана вручную.",
		link: null,
		facts: {
			dimensions: "200 × 45",
			materialsEn: "Linen and fine wool, plant dyes",
			materialsRu: "Лён и тонкая шерсть, растительные красители",
			year: 2025,
			editionSize: null,
		},
		gallery: [
			{
				altEn: "Linen Field Scarf: the stripes and the hand-knotted fringe up close",
				altRu: "Шарф Linen Field: полосы и вручную завязанная бахрома крупным планом",
			},
			{
				altEn: "Linen Field Scarf hanging on a rail in a sunny hallway beside a plant",
				altRu: "Шарф Linen Field на перекладине в солнечной прихожей рядом с растением",
			},
		],
		createdAt: "2026-05-29T15:00:00.000Z",
	},
	{
		id: "ripple-glass-vase",
		name: "Ripple Glass Vase",
		artistId: "chuch-estudio",
		price: 4200,
		category: "design",
		descriptionEn:
			"A mouth-blown vase in smoky green glass, its walls rippled by turning the hot glass inside a ribbed mould. It is 24 cm tall; slight variations in tone and the odd bubble are traces of the handwork.",
		descriptionRu:
			"Ваза из дымчато-зелёного стекла ручного выдува: волнистые стенки появляются, когда горячую заготовку поворачивают в рифлёной форме. Высота — 24 см; небольшие различия в оттенке и редкие пузырьки — след ручной работы.",
		link: null,
		facts: {
			dimensions: "Ø 12 × 24",
			materialsEn: "Mouth-blown glass",
			materialsRu: "Стекло ручного выдува",
			year: 2025,
			editionSize: null,
		},
		featuredOrder: 6,
		gallery: [
			{
				altEn: "Ripple Glass Vase: ripples and a tiny air bubble in the green glass",
				altRu: "Ваза Ripple: волны и крошечный пузырёк воздуха в зелёном стекле",
			},
			{
				altEn: "Ripple Glass Vase with flowering branches on a wooden sideboard",
				altRu: "Ваза Ripple с цветущими ветками на деревянном комоде",
			},
		],
		createdAt: "2026-06-11T12:00:00.000Z",
	},
	{
		id: "orbit-table-lamp",
		name: "Orbit Table Lamp",
		artistId: "carmworks",
		price: 22000,
		category: "design",
		descriptionEn:
			"A table lamp whose spun aluminium disc swivels around a raw steel stem to aim or soften the light. It is 52 cm tall, with an E27 socket and a fabric-covered cord with an inline switch.",
		descriptionRu:
			"Настольная лампа с алюминиевым диском, который поворачивается вокруг стержня из необработанной стали, чтобы направить или смягчить свет. Высота — 52 см, цоколь E27, провод в тканевой оплётке с выключателем.",
		link: null,
		facts: {
			dimensions: "Ø 30 × 52",
			materialsEn: "Spun aluminium, raw steel",
			materialsRu: "Давлёный алюминий, необработанная сталь",
			year: 2024,
			editionSize: null,
		},
		gallery: [
			{
				altEn: "Orbit Table Lamp: the pivot where the aluminium disc swivels round the steel stem",
				altRu:
					"Настольная лампа Orbit: шарнир, на котором алюминиевый диск поворачивается вокруг стального стержня",
			},
			{
				altEn: "Orbit Table Lamp glowing on a sideboard in the evening",
				altRu: "Лампа Orbit светится на комоде вечером",
			},
		],
		createdAt: "2026-06-26T17:25:00.000Z",
	},
	{
		id: "dune-ceramic-set",
		name: "Dune Ceramic Set",
		artistId: "corpus-studio",
		price: 9800,
		category: "design",
		descriptionEn:
			"Two bowls and a serving plate thrown on the wheel in sand-coloured stoneware and glazed only on the inside. The plate is 28 cm across and the bowls 16 cm; all three are food-safe and dishwasher-safe.",
		descriptionRu:
			"Две миски и сервировочное блюдо из каменной керамики песочного оттенка, сформованные на гончарном круге и покрытые глазурью только изнутри. Диаметр блюда — 28 см, мисок — 16 см; посуда безопасна для пищи, её можно мыть в посудомоечной машине.",
		link: null,
		facts: {
			dimensions: "Ø 28, Ø 16",
			materialsEn: "Stoneware",
			materialsRu: "Каменная керамика",
			year: 2025,
			editionSize: null,
		},
		gallery: [
			{
				altEn: "Dune Ceramic Set from above: raw clay rims around glossy glazed hollows",
				altRu: "Набор Dune сверху: неглазурованные края вокруг глянцевой глазури",
			},
			{
				altEn: "Dune Ceramic Set on an oak sideboard beside a window",
				altRu: "Набор Dune на дубовом комоде у окна",
			},
		],
		createdAt: "2026-07-10T10:05:00.000Z",
	},
	{
		id: "quiet-grid-poster",
		name: "Quiet Grid Poster",
		artistId: "bureau-nord",
		price: 450,
		category: "art",
		collection: "prints",
		descriptionEn:
			"A 50 × 70 cm poster from the bureau's series of grid studies: thin blue and red lines on off-white uncoated paper. Printed in an open edition and shipped rolled in a tube.",
		descriptionRu:
			"Плакат 50 × 70 см из серии этюдов бюро с модульной сеткой: тонкие синие и красные линии на немелованной бумаге молочного оттенка. Открытый тираж; плакат отправляем свёрнутым в тубусе.",
		link: null,
		facts: {
			dimensions: "50 × 70",
			materialsEn: "Uncoated paper, offset print",
			materialsRu: "Немелованная бумага, офсетная печать",
			year: 2025,
			editionSize: null,
		},
		gallery: [
			{
				altEn: "Quiet Grid Poster: where a red line crosses the blue grid, printed on uncoated paper",
				altRu: "Плакат Quiet Grid: красная линия пересекает синюю сетку на немелованной бумаге",
			},
			{
				altEn: "Quiet Grid Poster framed above a sideboard in a living room",
				altRu: "Плакат Quiet Grid в раме над комодом в гостиной",
			},
		],
		createdAt: "2026-07-28T14:35:00.000Z",
	},
	{
		id: "tidal-relief",
		name: "Tidal Relief",
		artistId: "carmworks",
		price: 27000,
		category: "art",
		collection: "sculpture",
		descriptionEn:
			"A wall relief in cast plaster whose horizontal ridges catch raking light like sand after the tide has gone out. 60 × 60 cm on a birch plywood backing, signed, in an edition of 12.",
		descriptionRu:
			"Настенный рельеф из литого гипса: горизонтальные гребни ловят боковой свет, как песок после отлива. 60 × 60 см на основе из берёзовой фанеры, с подписью автора, тираж — 12 экземпляров.",
		link: null,
		facts: {
			dimensions: "60 × 60",
			materialsEn: "Cast plaster on birch plywood",
			materialsRu: "Литой гипс на берёзовой фанере",
			year: 2024,
			editionSize: 12,
		},
		featuredOrder: 3,
		gallery: [
			{
				altEn: "Tidal Relief: plaster ridges in raking light, like sand after the tide",
				altRu: "Рельеф Tidal: гипсовые гребни в боковом свете, как песок после отлива",
			},
			{
				altEn: "Tidal Relief hung above a bench in a calm room",
				altRu: "Рельеф Tidal над скамьёй в спокойной комнате",
			},
		],
		createdAt: "2026-08-13T11:50:00.000Z",
	},
	{
		id: "northline-identity",
		name: "Northline Identity",
		artistId: "bureau-nord",
		price: 0,
		category: "branding",
		descriptionEn:
			"An identity system for a Baltic ferry line: logotype, custom stencil typeface, wayfinding signage and ticket design. The package includes a 40-page guidelines book and all source files.\n\nBureau Nord builds an identity like this for your company too: the price depends on the scope, so tell us about your project and we will come back with a proposal.",
		descriptionRu:
			"Айдентика для паромной линии на Балтике: логотип, собственный трафаретный шрифт, навигация и дизайн билетов. В комплект входят брендбук на 40 страниц и все исходные файлы.\n\nТакую же айдентику Bureau Nord сделает и для вашей компании: цена зависит от объёма работ, поэтому расскажите о проекте — и мы вернёмся с предложением.",
		link: "/artist/bureau-nord",
		facts: { dimensions: "", materialsEn: "", materialsRu: "", year: 2025, editionSize: null },
		featuredOrder: 5,
		gallery: [
			{
				altEn: "Northline Identity: a ferry ticket with the round stencil mark up close",
				altRu: "Айдентика Northline: билет на паром с круглым трафаретным знаком крупным планом",
			},
			{
				altEn: "Northline Identity in use: a navy wayfinding sign on the pier, a ferry on the sea behind",
				altRu: "Айдентика Northline в деле: тёмно-синий указатель на причале, за ним паром в море",
			},
		],
		createdAt: "2026-08-31T09:00:00.000Z",
	},
	{
		id: "crumb-bakery-identity",
		name: "Crumb Bakery Identity",
		artistId: "bureau-nord",
		price: 45000,
		category: "branding",
		descriptionEn:
			"A compact identity for a neighbourhood bakery: hand-drawn wordmark, two-colour palette, paper bags, stickers and a system of price tags. Delivered in four weeks, with print-ready files for any local printer.",
		descriptionRu:
			"Компактная айдентика для районной пекарни: нарисованный от руки логотип, палитра из двух цветов, бумажные пакеты, наклейки и система ценников. Срок работы — четыре недели, файлы готовы к печати в любой местной типографии.",
		link: null,
		facts: { dimensions: "", materialsEn: "", materialsRu: "", year: 2024, editionSize: null },
		gallery: [
			{
				altEn: "Crumb Bakery Identity: the round sticker and a price tag up close",
				altRu: "Айдентика Crumb: круглая наклейка и ценник крупным планом",
			},
			{
				altEn:
					"Crumb Bakery Identity on the shop front: striped awning, the wordmark sign and bread in the window",
				altRu: "Айдентика Crumb на фасаде пекарни: полосатый навес, вывеска с логотипом и хлеб в витрине",
			},
		],
		createdAt: "2026-09-17T16:40:00.000Z",
	},
	{
		id: "indigo-dye-workshop",
		name: "Indigo Dye Workshop",
		artistId: "studio-tkan",
		price: 7500,
		category: "creative",
		descriptionEn:
			"A three-hour workshop at the FORMA studio where you dye a linen scarf with natural indigo, using shibori folding and binding. Groups of up to eight; all materials and aprons are provided.",
		descriptionRu:
			"Трёхчасовой мастер-класс в студии ФОРМА: вы окрасите льняной платок натуральным индиго в технике шибори, складывая и перевязывая ткань. В группе до восьми человек; все материалы и фартуки мы выдаём.",
		link: "/about",
		facts: {
			dimensions: "",
			materialsEn: "Linen, natural indigo",
			materialsRu: "Лён, натуральный индиго",
			year: null,
			editionSize: null,
		},
		gallery: [
			{
				altEn: "Indigo Dye Workshop: white shibori rings on indigo linen and a bound bundle of cloth",
				altRu: "Мастер-класс по индиго: белые круги шибори на льне цвета индиго и перевязанный свёрток ткани",
			},
			{
				altEn: "Indigo Dye Workshop in the studio: people at a long table, a vat and cloths on the line",
				altRu: "Мастер-класс по индиго в студии: участники у длинного стола, чан и ткани на верёвке",
			},
		],
		createdAt: "2026-10-30T18:00:00.000Z",
	},
];

export const seedSlides: SeedSlide[] = [
	{
		category: "furniture",
		sortOrder: 1,
		titleEn: "Furniture with character",
		titleRu: "Мебель с характером",
		subtitleEn: "Chairs, tables and sofas that independent studios make in small batches.",
		subtitleRu: "Кресла, столы и диваны, которые независимые студии делают небольшими партиями.",
	},
	{
		category: "clothing",
		sortOrder: 2,
		titleEn: "Slow-made clothing",
		titleRu: "Одежда без спешки",
		subtitleEn: "Coats and scarves cut from cloth that is woven and dyed by hand.",
		subtitleRu: "Пальто и шарфы из ткани, которую ткут и красят вручную.",
	},
	{
		category: "art",
		sortOrder: 3,
		titleEn: "Art for every day",
		titleRu: "Искусство на каждый день",
		subtitleEn: "Prints, wall reliefs and small signed editions to live with at home.",
		subtitleRu: "Плакаты, настенные рельефы и небольшие подписные тиражи для вашего дома.",
	},
];

/** The demo seller (settings, migration 0018): made-up numbers of the right length, FORMA's gallery address. */
export const SEED_SELLER = {
	seller_legal_name: "ООО «Форма»",
	seller_inn: "7706123456",
	seller_ogrn: "1237700123456",
	seller_legal_address: "119180, Москва, ул. Малая Полянка, д. 2",
	privacy_email: "privacy@forma.gallery",
};
