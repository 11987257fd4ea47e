/**
 * Seed catalogue for Folio: categories and public-domain e-books.
 *
 * Every title is a real public-domain work with its real author and year of first
 * publication (for works older than 1600, the year of the first English translation).
 * Descriptions are original to Folio. Prices are integer pence.
 */

export interface SeedCategory {
  slug: string;
  name: string;
  description: string;
}

export interface SeedBook {
  title: string;
  author: string;
  year: number;
  category: string;
  description: string;
  price: number;
  copies: number;
  language: string;
}

export const seedCategories: readonly SeedCategory[] = [
  {
    slug: "classic-fiction",
    name: "Classic Fiction",
    description:
      "The great novels that never go out of print, from sweeping Victorian sagas to the landmarks of French and Russian realism. Settle in with a story that has rewarded readers for generations.",
  },
  {
    slug: "adventure",
    name: "Adventure",
    description:
      "Pirates, castaways, musketeers and explorers: tales of daring journeys and narrow escapes. Perfect for readers who like their pages to turn themselves.",
  },
  {
    slug: "science-fiction",
    name: "Science Fiction",
    description:
      "Time machines, Martian invasions, hidden worlds and imagined futures from the pioneers of speculative fiction. The ideas that launched a genre, still surprising today.",
  },
  {
    slug: "mystery-detective",
    name: "Mystery & Detective",
    description:
      "Locked rooms, missing jewels and brilliant sleuths, from Baker Street to the golden age of crime. Sharpen your wits and see whether you can beat the detective to the answer.",
  },
  {
    slug: "gothic-horror",
    name: "Gothic & Horror",
    description:
      "Crumbling castles, restless spirits and creatures of the night. Classic tales of dread and dark romance, best read by candlelight.",
  },
  {
    slug: "romance",
    name: "Romance",
    description:
      "Courtships, misunderstandings and hearts won against the odds. Timeless love stories full of wit, longing and warmth.",
  },
  {
    slug: "childrens-classics",
    name: "Children's Classics",
    description:
      "Rabbit holes, secret gardens and riverbank friendships: the stories generations have grown up with. Wonderful for reading aloud or rediscovering on your own.",
  },
  {
    slug: "poetry",
    name: "Poetry",
    description:
      "Landmark collections and long poems, from epic verse to intimate lyrics. Dip in for a single poem or stay for the whole book.",
  },
  {
    slug: "philosophy",
    name: "Philosophy",
    description:
      "Big questions about how to live, what we can know and how we should govern ourselves. The foundational works of thought, ready for curious minds.",
  },
  {
    slug: "history-biography",
    name: "History & Biography",
    description:
      "Memoirs, diaries and histories that bring real lives and turbulent eras vividly to the page. True stories told by those who lived them or studied them closely.",
  },
  {
    slug: "drama",
    name: "Drama",
    description:
      "Tragedies, comedies and groundbreaking modern plays to read on the page or imagine on the stage. From Shakespeare to the dawn of twentieth-century theatre.",
  },
  {
    slug: "short-stories",
    name: "Short Stories",
    description:
      "Classic collections and celebrated tales that pack a world into a few pages. Ideal for a commute, a lunch break or a quiet evening.",
  },
];

export const seedBooks: readonly SeedBook[] = [
  // Classic Fiction
  {
    title: "Moby-Dick",
    author: "Herman Melville",
    year: 1851,
    category: "classic-fiction",
    description:
      "Ishmael signs aboard the whaler Pequod and soon learns that Captain Ahab cares for only one quarry: the white whale that took his leg. Melville's sprawling masterpiece mixes sea adventure, philosophy and sly humour into one of the great American novels.",
    price: 399,
    copies: 2,
    language: "en",
  },
  {
    title: "Great Expectations",
    author: "Charles Dickens",
    year: 1861,
    category: "classic-fiction",
    description:
      "Pip, an orphan raised by his sharp-tongued sister on the Kentish marshes, is lifted towards gentility by a mysterious benefactor. Dickens follows his hopes, snobberies and hard lessons with a cast that includes the unforgettable Miss Havisham and the convict Magwitch.",
    price: 249,
    copies: 4,
    language: "en",
  },
  {
    title: "Bleak House",
    author: "Charles Dickens",
    year: 1853,
    category: "classic-fiction",
    description:
      "The endless Chancery suit of Jarndyce and Jarndyce casts its fog over every life it touches, from the gentle Esther Summerson to the proud Lady Dedlock. Part satire, part mystery, part love story, this is Dickens at his most ambitious and most humane.",
    price: 549,
    copies: 2,
    language: "en",
  },
  {
    title: "Silas Marner",
    author: "George Eliot",
    year: 1861,
    category: "classic-fiction",
    description:
      "A linen weaver wrongly cast out of his chapel community withdraws into lonely work in the village of Raveloe, hoarding gold as his only comfort. When chance brings a golden-haired child to his hearth, George Eliot tells a tender, clear-eyed story of loss and renewal.",
    price: 949,
    copies: 1,
    language: "en",
  },
  {
    title: "Les Misérables",
    author: "Victor Hugo",
    year: 1862,
    category: "classic-fiction",
    description:
      "Released after nineteen years in the galleys for stealing bread, Jean Valjean tries to build an honest life while the relentless Inspector Javert pursues him. Victor Hugo's vast novel sweeps through the streets of Paris to the barricades of 1832, full of compassion for the poor.",
    price: 849,
    copies: 5,
    language: "en",
  },
  {
    title: "Crime and Punishment",
    author: "Fyodor Dostoevsky",
    year: 1866,
    category: "classic-fiction",
    description:
      "Raskolnikov, a penniless former student in St Petersburg, persuades himself that an extraordinary man may step over the moral law. Dostoevsky's gripping psychological novel follows the fever of guilt, pride and doubt that grips him in the days after a terrible act.",
    price: 499,
    copies: 1,
    language: "en",
  },
  {
    title: "Anna Karenina",
    author: "Leo Tolstoy",
    year: 1878,
    category: "classic-fiction",
    description:
      "Anna, a brilliant figure of Petersburg society, risks everything for her passion for the dashing Count Vronsky, while the earnest landowner Levin searches for meaning in work, family and faith. Tolstoy weaves their stories into a rich portrait of Russian life.",
    price: 649,
    copies: 3,
    language: "en",
  },
  {
    title: "Madame Bovary",
    author: "Gustave Flaubert",
    year: 1857,
    category: "classic-fiction",
    description:
      "Emma Bovary, married to a kindly but dull country doctor in Normandy, longs for the glamour and romance she has read about in novels. Gustave Flaubert's exacting prose turns her restless dreams, debts and affairs into a landmark of literary realism.",
    price: 349,
    copies: 3,
    language: "en",
  },
  {
    title: "Germinal",
    author: "Émile Zola",
    year: 1885,
    category: "classic-fiction",
    description:
      "Étienne Lantier arrives at a mining town in northern France looking for work and finds hunger, danger and simmering anger beneath the coalfields. Émile Zola's powerful novel of a miners' strike is both a gripping human drama and a passionate cry for justice.",
    price: 199,
    copies: 5,
    language: "en",
  },
  {
    title: "The Scarlet Letter",
    author: "Nathaniel Hawthorne",
    year: 1850,
    category: "classic-fiction",
    description:
      "In seventeenth-century Boston, Hester Prynne is made to wear a scarlet A as punishment for bearing a child outside marriage, and she refuses to name the father. Nathaniel Hawthorne's haunting romance examines sin, secrecy and hypocrisy in a rigid Puritan colony.",
    price: 999,
    copies: 2,
    language: "en",
  },
  {
    title: "Father Goriot",
    author: "Honoré de Balzac",
    year: 1835,
    category: "classic-fiction",
    description:
      "In a shabby Parisian boarding house, the ambitious young Eugène de Rastignac watches a retired vermicelli maker sacrifice everything for his two fashionable daughters. Honoré de Balzac's sharp, moving novel exposes the price of getting on in Restoration Paris.",
    price: 899,
    copies: 4,
    language: "en",
  },
  {
    title: "Emma",
    author: "Jane Austen",
    year: 1815,
    category: "classic-fiction",
    description:
      "Handsome, clever and rich, Emma Woodhouse is sure she knows what is best for everyone in the village of Highbury, especially when it comes to matchmaking. Jane Austen's sparkling comedy follows her well-meant meddling and its many tangles with wit and warmth.",
    price: 749,
    copies: 3,
    language: "en",
  },
  // Adventure
  {
    title: "Treasure Island",
    author: "Robert Louis Stevenson",
    year: 1883,
    category: "adventure",
    description:
      "Young Jim Hawkins finds a treasure map in a dead pirate's sea chest and soon sails aboard the Hispaniola with a crew that includes the charming one-legged cook Long John Silver. Stevenson's classic tale of buccaneers and buried gold has thrilled readers for generations.",
    price: 449,
    copies: 2,
    language: "en",
  },
  {
    title: "Kidnapped",
    author: "Robert Louis Stevenson",
    year: 1886,
    category: "adventure",
    description:
      "Cheated of his inheritance by a miserly uncle, David Balfour is seized and shipped off to sea, only to fall in with the Jacobite rebel Alan Breck Stewart. Their flight across the Scottish Highlands makes for one of Robert Louis Stevenson's finest adventures.",
    price: 299,
    copies: 4,
    language: "en",
  },
  {
    title: "The Count of Monte Cristo",
    author: "Alexandre Dumas",
    year: 1844,
    category: "adventure",
    description:
      "Edmond Dantès, a young sailor with bright prospects, is betrayed by jealous rivals and locked away in the grim Château d'If. Alexandre Dumas spins a vast, irresistible tale of hidden fortune, patience and long-planned retribution across France and the Mediterranean.",
    price: 799,
    copies: 1,
    language: "en",
  },
  {
    title: "The Three Musketeers",
    author: "Alexandre Dumas",
    year: 1844,
    category: "adventure",
    description:
      "D'Artagnan rides to Paris hoping to join the King's Musketeers and, within a day, has challenged Athos, Porthos and Aramis to duels. Soon the four are fast friends, tangled in the intrigues of Cardinal Richelieu and the dangerous Milady in Dumas's swashbuckling romp.",
    price: 599,
    copies: 3,
    language: "en",
  },
  {
    title: "Around the World in Eighty Days",
    author: "Jules Verne",
    year: 1872,
    category: "adventure",
    description:
      "On a wager at his London club, the precise and unflappable Phileas Fogg sets out with his valet Passepartout to circle the globe in eighty days. Jules Verne's brisk, witty adventure races by steamer, train and even elephant against the clock and a dogged detective.",
    price: 699,
    copies: 3,
    language: "en",
  },
  {
    title: "Robinson Crusoe",
    author: "Daniel Defoe",
    year: 1719,
    category: "adventure",
    description:
      "Shipwrecked alone on an island off the coast of South America, Robinson Crusoe must build shelter, raise crops and master his fears to survive for many years. Daniel Defoe's pioneering novel, told as a first-person memoir, remains the original tale of castaway ingenuity.",
    price: 499,
    copies: 4,
    language: "en",
  },
  {
    title: "The Last of the Mohicans",
    author: "James Fenimore Cooper",
    year: 1826,
    category: "adventure",
    description:
      "During the French and Indian War of 1757, the scout Hawkeye and his Mohican companions Chingachgook and Uncas guide two sisters through dangerous frontier wilderness. James Fenimore Cooper's tale of pursuit and loyalty helped shape the American historical novel.",
    price: 599,
    copies: 2,
    language: "en",
  },
  {
    title: "King Solomon's Mines",
    author: "H. Rider Haggard",
    year: 1885,
    category: "adventure",
    description:
      "Allan Quatermain, a seasoned hunter, agrees to help Sir Henry Curtis search for his lost brother in the unmapped interior of Africa, following an ancient map to fabled diamond mines. H. Rider Haggard's fast-paced quest launched the lost-world adventure story.",
    price: 549,
    copies: 5,
    language: "en",
  },
  {
    title: "The Prisoner of Zenda",
    author: "Anthony Hope",
    year: 1894,
    category: "adventure",
    description:
      "Rudolf Rassendyll, an idle English gentleman, travels to the small kingdom of Ruritania and discovers he is the double of its king on the eve of the coronation. Anthony Hope's dashing tale of impersonation, court intrigue and honour gave the world the Ruritanian romance.",
    price: 399,
    copies: 1,
    language: "en",
  },
  {
    title: "The Call of the Wild",
    author: "Jack London",
    year: 1903,
    category: "adventure",
    description:
      "Buck, a big, good-natured dog from a California ranch, is stolen and sold into hard service pulling sleds in the Klondike gold rush. Jack London's vivid short novel follows him as he learns the harsh law of the North and hears an ancient call stirring within him.",
    price: 999,
    copies: 2,
    language: "en",
  },
  {
    title: "Captain Blood",
    author: "Rafael Sabatini",
    year: 1922,
    category: "adventure",
    description:
      "Peter Blood, an Irish physician, is condemned for treating a wounded rebel in 1685 and transported to Barbados as a slave. Rafael Sabatini's rousing swashbuckler follows his turn to piracy in the Caribbean, full of sea battles, wit and a gentleman's code of honour.",
    price: 899,
    copies: 5,
    language: "en",
  },
  {
    title: "Gulliver's Travels",
    author: "Jonathan Swift",
    year: 1726,
    category: "adventure",
    description:
      "Ship's surgeon Lemuel Gulliver keeps washing up in stranger places: among the tiny Lilliputians, the giants of Brobdingnag, a flying island and a land ruled by wise horses. Jonathan Swift's voyages are a rollicking adventure and one of the sharpest satires in English.",
    price: 849,
    copies: 3,
    language: "en",
  },
  // Science Fiction
  {
    title: "The Time Machine",
    author: "H. G. Wells",
    year: 1895,
    category: "science-fiction",
    description:
      "A Victorian inventor demonstrates a machine that can travel through time, then journeys to the year 802,701, where he meets the gentle Eloi and glimpses the Morlocks below. H. G. Wells's brilliant novella shaped the time-travel story and still feels startlingly fresh.",
    price: 449,
    copies: 2,
    language: "en",
  },
  {
    title: "The War of the Worlds",
    author: "H. G. Wells",
    year: 1898,
    category: "science-fiction",
    description:
      "Cylinders fall from the sky onto the commons of Surrey, and out of them emerge Martians armed with heat-rays and towering fighting machines. H. G. Wells's gripping invasion story, told by a narrator fleeing across southern England, set the pattern for alien-invasion fiction.",
    price: 349,
    copies: 4,
    language: "en",
  },
  {
    title: "The Island of Doctor Moreau",
    author: "H. G. Wells",
    year: 1896,
    category: "science-fiction",
    description:
      "Shipwrecked in the Pacific, Edward Prendick is taken to a remote island where the exiled scientist Dr Moreau pursues secretive and disturbing experiments. H. G. Wells's dark fable asks hard questions about science, cruelty and what makes us human.",
    price: 199,
    copies: 1,
    language: "en",
  },
  {
    title: "Journey to the Centre of the Earth",
    author: "Jules Verne",
    year: 1864,
    category: "science-fiction",
    description:
      "Professor Otto Lidenbrock deciphers a runic message claiming that an Icelandic volcano leads to the centre of the Earth, and sets off with his reluctant nephew Axel to find out. Jules Verne's imaginative expedition is packed with subterranean seas and prehistoric wonders.",
    price: 799,
    copies: 2,
    language: "en",
  },
  {
    title: "Twenty Thousand Leagues Under the Sea",
    author: "Jules Verne",
    year: 1870,
    category: "science-fiction",
    description:
      "Professor Aronnax sets out to hunt a mysterious sea monster and finds himself a guest, or perhaps a prisoner, aboard the submarine Nautilus under the enigmatic Captain Nemo. Jules Verne's undersea voyage is a marvel of wonder, science and brooding adventure.",
    price: 299,
    copies: 3,
    language: "en",
  },
  {
    title: "Herland",
    author: "Charlotte Perkins Gilman",
    year: 1915,
    category: "science-fiction",
    description:
      "Three American explorers stumble upon an isolated country inhabited only by women, who have built a peaceful, thoughtful society over two thousand years. Charlotte Perkins Gilman's witty utopian novel turns the men's assumptions inside out with humour and warmth.",
    price: 249,
    copies: 1,
    language: "en",
  },
  {
    title: "A Princess of Mars",
    author: "Edgar Rice Burroughs",
    year: 1917,
    category: "science-fiction",
    description:
      "Civil War veteran John Carter is mysteriously transported to Mars, where the lighter gravity gives him great strength and he is drawn into conflicts among four-armed green warriors and red Martian nations. Edgar Rice Burroughs's planetary romance is pure, exuberant adventure.",
    price: 949,
    copies: 5,
    language: "en",
  },
  {
    title: "The Lost World",
    author: "Arthur Conan Doyle",
    year: 1912,
    category: "science-fiction",
    description:
      "Hot-headed journalist Edward Malone joins the formidable Professor Challenger on an expedition to a remote South American plateau where prehistoric creatures are said to survive. Arthur Conan Doyle's rollicking adventure blends science, comedy and dinosaurs.",
    price: 699,
    copies: 5,
    language: "en",
  },
  {
    title: "We",
    author: "Yevgeny Zamyatin",
    year: 1924,
    category: "science-fiction",
    description:
      "In the glass-walled One State, citizens live by the Table of Hours, are known by numbers and are watched over by the Guardians. Yevgeny Zamyatin's dazzling, subversive novel, written in the early Soviet years and first published in English translation, is a founding work of modern dystopian fiction.",
    price: 649,
    copies: 2,
    language: "en",
  },
  {
    title: "Looking Backward",
    author: "Edward Bellamy",
    year: 1888,
    category: "science-fiction",
    description:
      "Julian West falls into a hypnotic sleep in Boston in 1887 and wakes in the year 2000 to find a peaceful, cooperative society without poverty. Edward Bellamy's utopian novel was a bestseller in its day and inspired clubs and lively debates across America.",
    price: 749,
    copies: 3,
    language: "en",
  },
  {
    title: "Flatland",
    author: "Edwin A. Abbott",
    year: 1884,
    category: "science-fiction",
    description:
      "A. Square, a respectable citizen of a two-dimensional world, describes its rigid geometric society before a visit from a sphere opens his mind to a third dimension. Edwin A. Abbott's inventive little book is both a mathematical puzzle and a gentle satire of Victorian hierarchy.",
    price: 549,
    copies: 4,
    language: "en",
  },
  {
    title: "Erewhon",
    author: "Samuel Butler",
    year: 1872,
    category: "science-fiction",
    description:
      "A young traveller crosses a mountain range in a remote colony and discovers Erewhon, a land where illness is punished as a crime and machines have been banned for fear they might evolve. Samuel Butler's satire of Victorian values remains inventive and surprisingly prophetic.",
    price: 599,
    copies: 3,
    language: "en",
  },
  // Mystery & Detective
  {
    title: "The Adventures of Sherlock Holmes",
    author: "Arthur Conan Doyle",
    year: 1892,
    category: "mystery-detective",
    description:
      "Twelve cases from the rooms at 221B Baker Street, including A Scandal in Bohemia, The Red-Headed League and The Speckled Band. Arthur Conan Doyle's first collection of Holmes stories shows the great detective and the loyal Dr Watson at their sharpest and most entertaining.",
    price: 249,
    copies: 3,
    language: "en",
  },
  {
    title: "The Hound of the Baskervilles",
    author: "Arthur Conan Doyle",
    year: 1902,
    category: "mystery-detective",
    description:
      "A legend of a spectral hound has haunted the Baskerville family for generations, and when Sir Charles Baskerville is found dead on the moor, Sherlock Holmes is called in. Arthur Conan Doyle's most famous novel combines fog-bound Dartmoor atmosphere with masterful deduction.",
    price: 949,
    copies: 5,
    language: "en",
  },
  {
    title: "The Moonstone",
    author: "Wilkie Collins",
    year: 1868,
    category: "mystery-detective",
    description:
      "A sacred Indian diamond left to Rachel Verinder vanishes from her Yorkshire house the night after her birthday party, and suspicion falls everywhere. Wilkie Collins tells the story through several witnesses, and his Sergeant Cuff set the mould for the fictional detective.",
    price: 299,
    copies: 1,
    language: "en",
  },
  {
    title: "The Mysterious Affair at Styles",
    author: "Agatha Christie",
    year: 1920,
    category: "mystery-detective",
    description:
      "When the wealthy mistress of Styles Court dies of poisoning, Captain Hastings calls on an old acquaintance, a Belgian refugee and retired detective named Hercule Poirot. Agatha Christie's debut novel introduces her famous sleuth and a puzzle full of fair-play clues.",
    price: 399,
    copies: 4,
    language: "en",
  },
  {
    title: "The Secret Adversary",
    author: "Agatha Christie",
    year: 1922,
    category: "mystery-detective",
    description:
      "Two cheerfully broke young friends, Tommy and Tuppence, set up as adventurers for hire just after the Great War and are soon hunting for a missing girl and secret papers. Agatha Christie's lively thriller pits them against a shadowy mastermind known only as Mr Brown.",
    price: 799,
    copies: 2,
    language: "en",
  },
  {
    title: "The Innocence of Father Brown",
    author: "G. K. Chesterton",
    year: 1911,
    category: "mystery-detective",
    description:
      "A mild, round-faced Catholic priest with a shabby umbrella solves crimes that baffle the police, relying on his deep understanding of human nature. G. K. Chesterton's first collection of Father Brown stories is full of paradox, wit and ingenious puzzles.",
    price: 199,
    copies: 1,
    language: "en",
  },
  {
    title: "The Riddle of the Sands",
    author: "Erskine Childers",
    year: 1903,
    category: "mystery-detective",
    description:
      "Invited on a sailing holiday in the Baltic, the bored Foreign Office clerk Carruthers finds his friend Davies investigating suspicious activity among the shifting sandbanks of the German coast. Erskine Childers's atmospheric tale is often called the first modern spy novel.",
    price: 349,
    copies: 2,
    language: "en",
  },
  {
    title: "The Thirty-Nine Steps",
    author: "John Buchan",
    year: 1915,
    category: "mystery-detective",
    description:
      "Richard Hannay, bored in London, finds a murdered stranger in his flat and is soon on the run through the Scottish hills, pursued by both the police and enemy agents. John Buchan's breathless thriller set the pattern for the innocent-man-on-the-run story.",
    price: 999,
    copies: 3,
    language: "en",
  },
  {
    title: "Trent's Last Case",
    author: "E. C. Bentley",
    year: 1913,
    category: "mystery-detective",
    description:
      "When an American financier is found shot in the grounds of his English country house, the artist and amateur sleuth Philip Trent is sent to investigate. E. C. Bentley's elegant novel gently mocks the infallible detective while offering a genuinely clever puzzle.",
    price: 449,
    copies: 5,
    language: "en",
  },
  {
    title: "The Mystery of Edwin Drood",
    author: "Charles Dickens",
    year: 1870,
    category: "mystery-detective",
    description:
      "In the cathedral town of Cloisterham, choirmaster John Jasper harbours a dark obsession while his nephew Edwin Drood faces an arranged engagement. Left unfinished at Charles Dickens's death, this atmospheric mystery has kept readers guessing for over a century.",
    price: 849,
    copies: 4,
    language: "en",
  },
  {
    title: "The Leavenworth Case",
    author: "Anna Katharine Green",
    year: 1878,
    category: "mystery-detective",
    description:
      "A wealthy retired merchant is found shot in the library of his New York mansion, and suspicion falls on the two beautiful nieces who stand to inherit. Anna Katharine Green's bestselling novel, featuring the methodical detective Ebenezer Gryce, helped establish the detective novel in America.",
    price: 749,
    copies: 2,
    language: "en",
  },
  {
    title: "Arsène Lupin, Gentleman-Burglar",
    author: "Maurice Leblanc",
    year: 1907,
    category: "mystery-detective",
    description:
      "Meet Arsène Lupin, the gentleman thief of Belle Époque France, a master of disguise who announces his robberies in advance and slips through every trap. Maurice Leblanc's first collection of Lupin stories is playful, stylish and even brings a famous English detective onto the scene.",
    price: 699,
    copies: 3,
    language: "en",
  },
  // Gothic & Horror
  {
    title: "Frankenstein",
    author: "Mary Shelley",
    year: 1818,
    category: "gothic-horror",
    description:
      "Driven by ambition, the young scientist Victor Frankenstein discovers how to bestow life and creates a being he cannot bring himself to love. Mary Shelley's extraordinary novel, framed by an Arctic voyage, is both a gothic thriller and a searching meditation on responsibility.",
    price: 649,
    copies: 2,
    language: "en",
  },
  {
    title: "Dracula",
    author: "Bram Stoker",
    year: 1897,
    category: "gothic-horror",
    description:
      "Solicitor Jonathan Harker travels to Transylvania to help a mysterious count purchase an English estate and soon realises he is a prisoner. Told through diaries, letters and newspaper cuttings, Bram Stoker's novel remains the defining vampire story.",
    price: 899,
    copies: 3,
    language: "en",
  },
  {
    title: "Strange Case of Dr Jekyll and Mr Hyde",
    author: "Robert Louis Stevenson",
    year: 1886,
    category: "gothic-horror",
    description:
      "London lawyer Mr Utterson grows uneasy about his respectable friend Dr Jekyll's connection to the brutal and repellent Edward Hyde. Robert Louis Stevenson's compact, fog-wrapped novella is a gripping mystery and a timeless study of the divided self.",
    price: 499,
    copies: 2,
    language: "en",
  },
  {
    title: "The Picture of Dorian Gray",
    author: "Oscar Wilde",
    year: 1890,
    category: "gothic-horror",
    description:
      "After an artist paints his portrait, the beautiful young Dorian Gray wishes that the picture might grow old in his place. Under the influence of the witty, cynical Lord Henry, he plunges into a life of pleasure in Oscar Wilde's elegant and unsettling only novel.",
    price: 849,
    copies: 1,
    language: "en",
  },
  {
    title: "Wuthering Heights",
    author: "Emily Brontë",
    year: 1847,
    category: "gothic-horror",
    description:
      "On the wild Yorkshire moors, the foundling Heathcliff and the headstrong Catherine Earnshaw form a bond so fierce it shapes two families across generations. Emily Brontë's only novel is a stormy, passionate tale of love, revenge and haunting.",
    price: 899,
    copies: 4,
    language: "en",
  },
  {
    title: "The Castle of Otranto",
    author: "Horace Walpole",
    year: 1764,
    category: "gothic-horror",
    description:
      "Manfred, lord of Otranto, is desperate to secure his line after a gigantic helmet falls from the sky on his son's wedding day. Horace Walpole's strange, theatrical tale of prophecy, trapdoors and walking portraits is widely regarded as the first gothic novel.",
    price: 249,
    copies: 3,
    language: "en",
  },
  {
    title: "Carmilla",
    author: "Sheridan Le Fanu",
    year: 1872,
    category: "gothic-horror",
    description:
      "In a lonely Styrian castle, young Laura welcomes a mysterious and beautiful guest named Carmilla, who arrives after a carriage accident. Sheridan Le Fanu's eerie novella, with its languid menace and dreamlike atmosphere, predates Dracula by a quarter of a century.",
    price: 349,
    copies: 5,
    language: "en",
  },
  {
    title: "The Turn of the Screw",
    author: "Henry James",
    year: 1898,
    category: "gothic-horror",
    description:
      "A young governess takes charge of two angelic children at the remote country house of Bly and begins to see figures who should not be there. Henry James's celebrated ghost story is a masterpiece of ambiguity that readers still debate.",
    price: 399,
    copies: 4,
    language: "en",
  },
  {
    title: "The Phantom of the Opera",
    author: "Gaston Leroux",
    year: 1910,
    category: "gothic-horror",
    description:
      "Beneath the Paris Opera House lurks a mysterious masked figure who demands his own box and takes an intense interest in the young soprano Christine Daaé. Gaston Leroux's blend of gothic romance and mystery has inspired countless adaptations.",
    price: 999,
    copies: 5,
    language: "en",
  },
  {
    title: "The Mysteries of Udolpho",
    author: "Ann Radcliffe",
    year: 1794,
    category: "gothic-horror",
    description:
      "Orphaned Emily St. Aubert is carried off by her sinister guardian Montoni to a gloomy castle in the Apennines, where veiled pictures and strange sounds test her nerve. Ann Radcliffe's hugely popular romance defined the gothic novel for a generation of readers.",
    price: 649,
    copies: 2,
    language: "en",
  },
  {
    title: "The Hunchback of Notre-Dame",
    author: "Victor Hugo",
    year: 1831,
    category: "gothic-horror",
    description:
      "In fifteenth-century Paris, the bell-ringer Quasimodo, the beautiful dancer Esmeralda and the tormented archdeacon Frollo are drawn together in the shadow of the great cathedral. Victor Hugo's sweeping novel is also a passionate tribute to Gothic architecture.",
    price: 449,
    copies: 3,
    language: "en",
  },
  {
    title: "The Beetle",
    author: "Richard Marsh",
    year: 1897,
    category: "gothic-horror",
    description:
      "A mysterious being from Egypt arrives in London bent on revenge against a rising politician, bringing mesmerism and shape-shifting terror in its wake. Richard Marsh's lurid, multi-narrator thriller appeared in the same year as Dracula and rivalled it in popularity.",
    price: 749,
    copies: 1,
    language: "en",
  },
  // Romance
  {
    title: "Pride and Prejudice",
    author: "Jane Austen",
    year: 1813,
    category: "romance",
    description:
      "When the wealthy Mr Bingley takes Netherfield Park, the Bennet family's five unmarried daughters are thrown into a whirl of hopes, and Elizabeth takes an instant dislike to his proud friend Mr Darcy. Jane Austen's beloved comedy of manners sparkles with wit.",
    price: 799,
    copies: 4,
    language: "en",
  },
  {
    title: "Sense and Sensibility",
    author: "Jane Austen",
    year: 1811,
    category: "romance",
    description:
      "After their father's death leaves them with little money, the sensible Elinor Dashwood and her impulsive sister Marianne move to a Devon cottage and find love and heartbreak. Jane Austen's first published novel balances reason and feeling with gentle irony.",
    price: 199,
    copies: 3,
    language: "en",
  },
  {
    title: "Jane Eyre",
    author: "Charlotte Brontë",
    year: 1847,
    category: "romance",
    description:
      "Orphaned Jane Eyre survives a cruel childhood and a harsh charity school to become governess at Thornfield Hall, where she meets its brooding master, Mr Rochester. Charlotte Brontë's passionate first-person novel is a landmark story of independence and integrity.",
    price: 699,
    copies: 3,
    language: "en",
  },
  {
    title: "North and South",
    author: "Elizabeth Gaskell",
    year: 1855,
    category: "romance",
    description:
      "When her father leaves the Church, Margaret Hale must move from a gentle southern village to the smoky mill town of Milton, where she clashes with the proud manufacturer John Thornton. Elizabeth Gaskell's novel pairs a compelling romance with a sharp look at industrial England.",
    price: 949,
    copies: 2,
    language: "en",
  },
  {
    title: "A Room with a View",
    author: "E. M. Forster",
    year: 1908,
    category: "romance",
    description:
      "On holiday in Florence, the conventional young Lucy Honeychurch meets the unconventional Emersons, and a kiss in a field of violets unsettles her neatly ordered plans. E. M. Forster's light, funny novel pits English propriety against honest feeling.",
    price: 299,
    copies: 1,
    language: "en",
  },
  {
    title: "The Age of Innocence",
    author: "Edith Wharton",
    year: 1920,
    category: "romance",
    description:
      "Newland Archer, a gentleman of 1870s New York society, is engaged to the lovely May Welland when her unconventional cousin, Countess Ellen Olenska, returns from Europe. Edith Wharton's Pulitzer Prize-winning novel is a finely observed story of desire and duty.",
    price: 599,
    copies: 5,
    language: "en",
  },
  {
    title: "Far from the Madding Crowd",
    author: "Thomas Hardy",
    year: 1874,
    category: "romance",
    description:
      "Independent Bathsheba Everdene inherits a farm in Wessex and attracts three very different suitors: a steadfast shepherd, a reserved gentleman farmer and a dashing soldier. Thomas Hardy's rich pastoral novel is full of country life, humour and strong feeling.",
    price: 499,
    copies: 2,
    language: "en",
  },
  {
    title: "Tess of the d'Urbervilles",
    author: "Thomas Hardy",
    year: 1891,
    category: "romance",
    description:
      "Tess Durbeyfield, a country girl sent to claim kinship with a wealthy family, finds her life shaped by forces she cannot control. Thomas Hardy's moving and once controversial novel is a profound portrait of a woman judged harshly by the society around her.",
    price: 549,
    copies: 3,
    language: "en",
  },
  {
    title: "Evelina",
    author: "Frances Burney",
    year: 1778,
    category: "romance",
    description:
      "Raised in quiet seclusion, seventeen-year-old Evelina enters fashionable London society and stumbles through balls, theatres and embarrassing relations while a gallant lord looks on. Frances Burney's witty novel in letters delighted readers and paved the way for Jane Austen.",
    price: 749,
    copies: 2,
    language: "en",
  },
  {
    title: "The Enchanted April",
    author: "Elizabeth von Arnim",
    year: 1922,
    category: "romance",
    description:
      "Four very different Englishwomen, each weary of grey London and their lives in it, answer a newspaper advertisement and rent a medieval castle on the Italian Riviera for April. Elizabeth von Arnim's sunlit comedy is a gentle, restorative tale of friendship and renewal.",
    price: 549,
    copies: 4,
    language: "en",
  },
  {
    title: "Daddy-Long-Legs",
    author: "Jean Webster",
    year: 1912,
    category: "romance",
    description:
      "Jerusha Abbott, the oldest orphan in the John Grier Home, is sent to college by an anonymous trustee on one condition: she must write him a letter every month. Jean Webster's charming epistolary novel bubbles with humour, little drawings and youthful spirit.",
    price: 349,
    copies: 1,
    language: "en",
  },
  {
    title: "The Blue Castle",
    author: "L. M. Montgomery",
    year: 1926,
    category: "romance",
    description:
      "Valancy Stirling, twenty-nine, unmarried and bullied by her stuffy family, escapes into daydreams of a blue castle in Spain until a doctor's letter persuades her to live as she pleases. L. M. Montgomery's only novel for adults is funny, tender and wonderfully romantic.",
    price: 399,
    copies: 5,
    language: "en",
  },
  // Children's Classics
  {
    title: "Alice's Adventures in Wonderland",
    author: "Lewis Carroll",
    year: 1865,
    category: "childrens-classics",
    description:
      "Bored on a riverbank, Alice follows the White Rabbit down a hole and tumbles into a world of shrinking potions, a grinning cat, a mad tea party and a furious queen. Lewis Carroll's playful, nonsensical classic has delighted children and grown-ups alike since 1865.",
    price: 599,
    copies: 2,
    language: "en",
  },
  {
    title: "Through the Looking-Glass",
    author: "Lewis Carroll",
    year: 1871,
    category: "childrens-classics",
    description:
      "Alice climbs through the mirror above the fireplace into a back-to-front world laid out like a giant chessboard, where she meets Tweedledum and Tweedledee, Humpty Dumpty and the White Knight. Lewis Carroll's sequel is every bit as inventive as the first book.",
    price: 949,
    copies: 1,
    language: "en",
  },
  {
    title: "The Wonderful Wizard of Oz",
    author: "L. Frank Baum",
    year: 1900,
    category: "childrens-classics",
    description:
      "A Kansas cyclone carries Dorothy and her dog Toto to the magical Land of Oz, where she sets off along the yellow brick road with a Scarecrow, a Tin Woodman and a Cowardly Lion. L. Frank Baum's cheerful fairy tale is a true American classic.",
    price: 499,
    copies: 3,
    language: "en",
  },
  {
    title: "Peter Pan",
    author: "J. M. Barrie",
    year: 1911,
    category: "childrens-classics",
    description:
      "One night the boy who would not grow up flies into the Darling family's nursery and whisks Wendy, John and Michael away to Neverland, home of lost boys, mermaids and the dastardly Captain Hook. J. M. Barrie's novel, first titled Peter and Wendy, is whimsical and wise.",
    price: 999,
    copies: 3,
    language: "en",
  },
  {
    title: "The Secret Garden",
    author: "Frances Hodgson Burnett",
    year: 1911,
    category: "childrens-classics",
    description:
      "Sent from India to her uncle's gloomy Yorkshire manor, sour and lonely Mary Lennox discovers a locked, forgotten garden and sets out to bring it back to life. Frances Hodgson Burnett's beloved story celebrates friendship, fresh air and the healing power of nature.",
    price: 299,
    copies: 4,
    language: "en",
  },
  {
    title: "Little Women",
    author: "Louisa May Alcott",
    year: 1868,
    category: "childrens-classics",
    description:
      "Meg, Jo, Beth and Amy March grow up in New England while their father serves in the Civil War, sharing hardships, plays, quarrels and dreams. Louisa May Alcott's warm, funny and heartfelt novel has been a favourite with families for over 150 years.",
    price: 699,
    copies: 2,
    language: "en",
  },
  {
    title: "Anne of Green Gables",
    author: "L. M. Montgomery",
    year: 1908,
    category: "childrens-classics",
    description:
      "Elderly siblings Matthew and Marilla Cuthbert send for an orphan boy to help on their Prince Edward Island farm and instead receive talkative, red-haired Anne Shirley. L. M. Montgomery's much-loved novel follows Anne's imaginative scrapes and triumphs.",
    price: 649,
    copies: 2,
    language: "en",
  },
  {
    title: "The Wind in the Willows",
    author: "Kenneth Grahame",
    year: 1908,
    category: "childrens-classics",
    description:
      "Mole abandons his spring cleaning for a life on the river with Ratty, and soon they are caught up with wise old Badger and the reckless, motor-car-mad Mr Toad. Kenneth Grahame's gentle and funny classic celebrates friendship and the English countryside.",
    price: 249,
    copies: 5,
    language: "en",
  },
  {
    title: "The Jungle Book",
    author: "Rudyard Kipling",
    year: 1894,
    category: "childrens-classics",
    description:
      "Raised by wolves in the Indian jungle, the boy Mowgli learns the Law of the Jungle from Baloo the bear and Bagheera the panther while the tiger Shere Khan waits for his chance. Rudyard Kipling's collection also includes the brave mongoose Rikki-Tikki-Tavi.",
    price: 199,
    copies: 4,
    language: "en",
  },
  {
    title: "Black Beauty",
    author: "Anna Sewell",
    year: 1877,
    category: "childrens-classics",
    description:
      "Told in his own voice, this is the life story of a handsome black horse, from a happy colthood in the English countryside through many owners, kind and cruel, to the cab ranks of London. Anna Sewell's only novel changed attitudes to the care of animals.",
    price: 799,
    copies: 5,
    language: "en",
  },
  {
    title: "The Adventures of Tom Sawyer",
    author: "Mark Twain",
    year: 1876,
    category: "childrens-classics",
    description:
      "Mischievous Tom Sawyer would rather do anything than whitewash a fence or sit through school in his Mississippi River town of St. Petersburg. Mark Twain's comic classic follows Tom and his friend Huckleberry Finn through pranks, buried treasure and a dangerous secret.",
    price: 449,
    copies: 3,
    language: "en",
  },
  {
    title: "The Railway Children",
    author: "E. Nesbit",
    year: 1906,
    category: "childrens-classics",
    description:
      "When their father is mysteriously taken away, Roberta, Peter and Phyllis move with their mother to a cottage in the Yorkshire countryside beside the railway line. E. Nesbit's warm-hearted story is full of adventures, kindness and friendly station porters.",
    price: 899,
    copies: 1,
    language: "en",
  },
  // Poetry
  {
    title: "Leaves of Grass",
    author: "Walt Whitman",
    year: 1855,
    category: "poetry",
    description:
      "Walt Whitman's great, ever-growing collection sings of the self, the body, democracy and the teeming variety of American life in bold free verse. First published in 1855 and revised for decades, it includes the expansive Song of Myself and changed poetry for good.",
    price: 849,
    copies: 4,
    language: "en",
  },
  {
    title: "Songs of Innocence and of Experience",
    author: "William Blake",
    year: 1794,
    category: "poetry",
    description:
      "William Blake's paired poems show the two contrary states of the human soul, setting the lamb beside the tyger and the chimney sweeper's sorrow beside childlike joy. Simple in form yet visionary in meaning, these lyrics are among the treasures of English verse.",
    price: 249,
    copies: 5,
    language: "en",
  },
  {
    title: "The Rime of the Ancient Mariner",
    author: "Samuel Taylor Coleridge",
    year: 1798,
    category: "poetry",
    description:
      "A grey-bearded sailor stops a wedding guest and compels him to hear a tale of a voyage to the frozen south, an albatross and a becalmed, haunted ship. Samuel Taylor Coleridge's hypnotic ballad, first printed in Lyrical Ballads, is one of the great poems of Romanticism.",
    price: 549,
    copies: 2,
    language: "en",
  },
  {
    title: "Paradise Lost",
    author: "John Milton",
    year: 1667,
    category: "poetry",
    description:
      "John Milton's epic in blank verse retells the rebellion of Satan, the creation of the world and the temptation of Adam and Eve in Eden. Grand in scale and rich in language, it is one of the towering achievements of English poetry and a lifetime's companion.",
    price: 299,
    copies: 2,
    language: "en",
  },
  {
    title: "Poems by Emily Dickinson",
    author: "Emily Dickinson",
    year: 1890,
    category: "poetry",
    description:
      "The first collection of Emily Dickinson's poems, gathered after her death by friends who recognised her extraordinary gift. Compact, startling and often slant in rhyme, these poems explore nature, love, faith and mortality in a voice unlike any other.",
    price: 749,
    copies: 3,
    language: "en",
  },
  {
    title: "Goblin Market and Other Poems",
    author: "Christina Rossetti",
    year: 1862,
    category: "poetry",
    description:
      "Christina Rossetti's first published collection opens with the famous title poem, in which two sisters hear goblin men crying their enticing fruit by the brook. Musical, strange and deeply felt, the volume also gathers her lyrics of love, faith and longing.",
    price: 649,
    copies: 4,
    language: "en",
  },
  {
    title: "Sonnets from the Portuguese",
    author: "Elizabeth Barrett Browning",
    year: 1850,
    category: "poetry",
    description:
      "Elizabeth Barrett Browning's sequence of forty-four love sonnets, written during her courtship with the poet Robert Browning, traces the growth of a love that took her by surprise. It includes the much-quoted sonnet that sets out to count the ways of loving.",
    price: 399,
    copies: 1,
    language: "en",
  },
  {
    title: "A Shropshire Lad",
    author: "A. E. Housman",
    year: 1896,
    category: "poetry",
    description:
      "A. E. Housman's cycle of sixty-three short poems evokes an idealised English countryside of cherry trees, country fairs and young men marching away. Plain in language and bittersweet in mood, the collection became one of the most popular books of verse of its time.",
    price: 499,
    copies: 2,
    language: "en",
  },
  {
    title: "The Raven and Other Poems",
    author: "Edgar Allan Poe",
    year: 1845,
    category: "poetry",
    description:
      "The collection that made Edgar Allan Poe famous opens with The Raven, in which a grieving scholar is visited at midnight by an ominous bird. The volume gathers Poe's musical and melancholy verse, including dreamlike lyrics of lost love and eerie landscapes.",
    price: 799,
    copies: 3,
    language: "en",
  },
  {
    title: "The Waste Land",
    author: "T. S. Eliot",
    year: 1922,
    category: "poetry",
    description:
      "T. S. Eliot's landmark modernist poem weaves together fragments of myth, scripture, music-hall chatter and city life into a haunting portrait of a world shaken by war. Challenging and endlessly rewarding, it reshaped poetry in English.",
    price: 899,
    copies: 1,
    language: "en",
  },
  {
    title: "Gitanjali",
    author: "Rabindranath Tagore",
    year: 1912,
    category: "poetry",
    description:
      "Rabindranath Tagore's own English renderings of his Bengali devotional poems, subtitled Song Offerings, speak with simple grace of longing, joy and the divine in everyday life. The collection helped make him the first non-European winner of the Nobel Prize in Literature.",
    price: 699,
    copies: 3,
    language: "en",
  },
  {
    title: "The Rubáiyát of Omar Khayyám",
    author: "Omar Khayyám",
    year: 1859,
    category: "poetry",
    description:
      "Edward FitzGerald's free and musical English rendering of quatrains attributed to the Persian astronomer-poet Omar Khayyám. Its verses on wine, friendship and the fleeting nature of life became one of the best-loved poems of the Victorian age.",
    price: 349,
    copies: 5,
    language: "en",
  },
  // Philosophy
  {
    title: "Meditations",
    author: "Marcus Aurelius",
    year: 1634,
    category: "philosophy",
    description:
      "The private notebooks of the Roman emperor Marcus Aurelius, written as reminders to himself, many while on campaign. Calm, practical and humane, these Stoic reflections on duty, impermanence and self-mastery have steadied readers for nearly two thousand years.",
    price: 949,
    copies: 5,
    language: "en",
  },
  {
    title: "Walden",
    author: "Henry David Thoreau",
    year: 1854,
    category: "philosophy",
    description:
      "For two years Henry David Thoreau lived in a cabin he built beside Walden Pond in Massachusetts, and this is his account of simple living and close attention to nature. Wry, practical and lyrical, it remains an inspiring challenge to live deliberately.",
    price: 599,
    copies: 1,
    language: "en",
  },
  {
    title: "Thus Spoke Zarathustra",
    author: "Friedrich Nietzsche",
    year: 1883,
    category: "philosophy",
    description:
      "The prophet Zarathustra descends from his mountain solitude to share his teachings, proclaiming the Übermensch and the idea of eternal recurrence. Friedrich Nietzsche's poetic, parable-filled masterpiece is philosophy written as scripture and song.",
    price: 849,
    copies: 4,
    language: "en",
  },
  {
    title: "Beyond Good and Evil",
    author: "Friedrich Nietzsche",
    year: 1886,
    category: "philosophy",
    description:
      "Friedrich Nietzsche takes aim at the hidden assumptions of earlier philosophers and the morality they took for granted, in a series of bold essays and sharp aphorisms. It is a brilliant, provocative invitation to rethink truth, values and the philosophy of the future.",
    price: 449,
    copies: 3,
    language: "en",
  },
  {
    title: "Leviathan",
    author: "Thomas Hobbes",
    year: 1651,
    category: "philosophy",
    description:
      "Written amid the upheaval of the English Civil War, Thomas Hobbes's great treatise argues that without a common power life would be solitary, poor, nasty, brutish and short. His account of the social contract and sovereign authority helped found modern political philosophy.",
    price: 199,
    copies: 4,
    language: "en",
  },
  {
    title: "Meditations on First Philosophy",
    author: "René Descartes",
    year: 1641,
    category: "philosophy",
    description:
      "In six meditations René Descartes sets out to doubt everything he can, searching for a foundation of certain knowledge and finding it in the thinking self. Clear, personal and revolutionary, this short work is often seen as the starting point of modern philosophy.",
    price: 999,
    copies: 3,
    language: "en",
  },
  {
    title: "The Social Contract",
    author: "Jean-Jacques Rousseau",
    year: 1762,
    category: "philosophy",
    description:
      "Opening with the famous claim that man is born free yet everywhere in chains, Jean-Jacques Rousseau's treatise explores legitimate government and the general will. Its ideas on sovereignty and freedom inspired revolutionaries and still shape debates about democracy.",
    price: 999,
    copies: 2,
    language: "en",
  },
  {
    title: "On Liberty",
    author: "John Stuart Mill",
    year: 1859,
    category: "philosophy",
    description:
      "John Stuart Mill's classic essay defends freedom of thought, speech and individual choice, arguing that society may limit a person's liberty only to prevent harm to others. Lucid and passionate, it remains a cornerstone of liberal thought.",
    price: 449,
    copies: 1,
    language: "en",
  },
  {
    title: "Critique of Pure Reason",
    author: "Immanuel Kant",
    year: 1781,
    category: "philosophy",
    description:
      "Immanuel Kant asks what we can know independently of experience and how the mind itself shapes the world we perceive. Demanding but transformative, this great work sought to reconcile rationalism and empiricism and set the course of modern philosophy.",
    price: 349,
    copies: 5,
    language: "en",
  },
  {
    title: "A Vindication of the Rights of Woman",
    author: "Mary Wollstonecraft",
    year: 1792,
    category: "philosophy",
    description:
      "Mary Wollstonecraft's spirited reply to the political thinkers of her age argues that women are not naturally inferior to men but only appear so through lack of education. A founding text of feminist philosophy, it is bold, reasoned and still stirring.",
    price: 699,
    copies: 2,
    language: "en",
  },
  {
    title: "Pensées",
    author: "Blaise Pascal",
    year: 1670,
    category: "philosophy",
    description:
      "Blaise Pascal's fragments, gathered after his death, were notes for a defence of Christianity that he never finished. Brilliant, restless and profound, they contain his famous wager and the reflection that the heart has its reasons which reason does not know.",
    price: 249,
    copies: 2,
    language: "en",
  },
  {
    title: "Ethics",
    author: "Baruch Spinoza",
    year: 1677,
    category: "philosophy",
    description:
      "Baruch Spinoza sets out his vision of God, nature, the mind and the emotions in the form of a geometrical proof, complete with definitions and axioms. Published after his death, it offers a path to freedom through understanding and remains one of philosophy's boldest works.",
    price: 499,
    copies: 3,
    language: "en",
  },
  // History & Biography
  {
    title: "The Autobiography of Benjamin Franklin",
    author: "Benjamin Franklin",
    year: 1791,
    category: "history-biography",
    description:
      "Benjamin Franklin recounts his rise from a runaway printer's apprentice to a successful Philadelphia businessman, inventor and civic leader. Shrewd, humorous and full of practical advice, his unfinished memoir is a founding classic of American autobiography.",
    price: 949,
    copies: 4,
    language: "en",
  },
  {
    title: "Narrative of the Life of Frederick Douglass",
    author: "Frederick Douglass",
    year: 1845,
    category: "history-biography",
    description:
      "Frederick Douglass's first autobiography tells of his childhood in slavery in Maryland, his secret struggle to learn to read and his unbending determination to be free. Powerful and eloquent, it became a landmark of the abolitionist movement and of American literature.",
    price: 749,
    copies: 2,
    language: "en",
  },
  {
    title: "Up from Slavery",
    author: "Booker T. Washington",
    year: 1901,
    category: "history-biography",
    description:
      "Booker T. Washington describes his journey from a childhood in slavery in Virginia to founding the Tuskegee Institute in Alabama. Plainly written and full of conviction, his autobiography is a remarkable record of self-education and a key document of its era.",
    price: 549,
    copies: 3,
    language: "en",
  },
  {
    title: "The History of the Decline and Fall of the Roman Empire",
    author: "Edward Gibbon",
    year: 1776,
    category: "history-biography",
    description:
      "Edward Gibbon's monumental history traces the Roman Empire from the age of the Antonines to the fall of Constantinople. Begun in 1776, it is celebrated for its ironic wit, majestic prose and vast learning, and remains a towering work of historical writing.",
    price: 649,
    copies: 3,
    language: "en",
  },
  {
    title: "The Life of Samuel Johnson",
    author: "James Boswell",
    year: 1791,
    category: "history-biography",
    description:
      "James Boswell's affectionate and richly detailed portrait of his friend Samuel Johnson, the great lexicographer, critic and conversationalist. Packed with memorable talk and anecdote, it is often called the greatest biography in the English language.",
    price: 199,
    copies: 2,
    language: "en",
  },
  {
    title: "The Souls of Black Folk",
    author: "W. E. B. Du Bois",
    year: 1903,
    category: "history-biography",
    description:
      "W. E. B. Du Bois's eloquent collection of essays explores the lives of African Americans after emancipation and introduces his idea of double consciousness. Blending history, sociology, memoir and music, it remains a foundational work of American thought.",
    price: 399,
    copies: 5,
    language: "en",
  },
  {
    title: "Incidents in the Life of a Slave Girl",
    author: "Harriet Jacobs",
    year: 1861,
    category: "history-biography",
    description:
      "Writing under the name Linda Brent, Harriet Jacobs tells of her years enslaved in North Carolina, the harassment she endured and the lengths she went to in order to protect her children. Her courageous narrative speaks directly to the experience of enslaved women.",
    price: 799,
    copies: 4,
    language: "en",
  },
  {
    title: "The Diary of Samuel Pepys",
    author: "Samuel Pepys",
    year: 1825,
    category: "history-biography",
    description:
      "From 1660 to 1669 Samuel Pepys kept a candid shorthand diary of life in Restoration London, from the Great Plague and the Great Fire to office politics and dinner parties. First deciphered and published in 1825, it is gossipy, vivid and irresistibly human.",
    price: 899,
    copies: 2,
    language: "en",
  },
  {
    title: "The French Revolution",
    author: "Thomas Carlyle",
    year: 1837,
    category: "history-biography",
    description:
      "Thomas Carlyle's blazing account of the French Revolution runs from the last days of Louis XV through the storming of the Bastille and the Terror. Written in a vivid, thunderous present tense, it reads like an epic and inspired Dickens's A Tale of Two Cities.",
    price: 849,
    copies: 3,
    language: "en",
  },
  {
    title: "Eminent Victorians",
    author: "Lytton Strachey",
    year: 1918,
    category: "history-biography",
    description:
      "Lytton Strachey's four irreverent biographical portraits of Cardinal Manning, Florence Nightingale, Thomas Arnold and General Gordon punctured the pieties of the previous age. Witty and elegant, the book transformed the art of biography.",
    price: 599,
    copies: 1,
    language: "en",
  },
  {
    title: "The Story of My Life",
    author: "Helen Keller",
    year: 1903,
    category: "history-biography",
    description:
      "Helen Keller, deaf and blind from early childhood, describes how her teacher Anne Sullivan opened the world of language to her, and her path to studying at Radcliffe College. Written while she was still a student, it is a moving account of courage and curiosity.",
    price: 299,
    copies: 5,
    language: "en",
  },
  {
    title: "The Voyage of the Beagle",
    author: "Charles Darwin",
    year: 1839,
    category: "history-biography",
    description:
      "Charles Darwin's lively journal of his five-year voyage around the world aboard HMS Beagle, from the rainforests of Brazil to the Galápagos Islands. Full of observation, adventure and curiosity, it shows the young naturalist gathering the ideas that would change science.",
    price: 599,
    copies: 1,
    language: "en",
  },
  // Drama
  {
    title: "Hamlet",
    author: "William Shakespeare",
    year: 1603,
    category: "drama",
    description:
      "Prince Hamlet of Denmark is visited by his father's ghost and charged with avenging a murder, but doubt, grief and reflection hold him back. William Shakespeare's most famous tragedy is a profound exploration of action, conscience and mortality.",
    price: 849,
    copies: 1,
    language: "en",
  },
  {
    title: "Macbeth",
    author: "William Shakespeare",
    year: 1623,
    category: "drama",
    description:
      "Three witches promise the Scottish nobleman Macbeth that he will be king, and, spurred on by his ambitious wife, he resolves to seize the crown. William Shakespeare's shortest tragedy is a dark, fast-moving study of ambition, power and guilt.",
    price: 799,
    copies: 3,
    language: "en",
  },
  {
    title: "A Doll's House",
    author: "Henrik Ibsen",
    year: 1879,
    category: "drama",
    description:
      "Nora Helmer seems the cheerful, doting wife of a newly promoted bank manager, but she is hiding a secret loan that could ruin her reputation. Henrik Ibsen's groundbreaking drama questions the roles of marriage and society and caused a sensation when it first appeared.",
    price: 999,
    copies: 2,
    language: "en",
  },
  {
    title: "Hedda Gabler",
    author: "Henrik Ibsen",
    year: 1890,
    category: "drama",
    description:
      "Newly returned from her honeymoon, the proud and restless Hedda Gabler finds herself bored by her scholarly husband and trapped in a life that does not suit her. Henrik Ibsen's gripping play has given actors one of the great roles of the modern stage.",
    price: 649,
    copies: 4,
    language: "en",
  },
  {
    title: "The Cherry Orchard",
    author: "Anton Chekhov",
    year: 1904,
    category: "drama",
    description:
      "The aristocratic Madame Ranevskaya returns to her family estate, with its famous cherry orchard, only to find it threatened with sale to pay her debts. Anton Chekhov's final play is a bittersweet comedy about change, memory and a world slipping away.",
    price: 449,
    copies: 2,
    language: "en",
  },
  {
    title: "The Seagull",
    author: "Anton Chekhov",
    year: 1896,
    category: "drama",
    description:
      "At a country estate beside a lake, a young writer, an aspiring actress, a famous novelist and an ageing star pursue love and art at cross purposes. Anton Chekhov's subtle, tender play about thwarted dreams helped to create a new kind of modern drama.",
    price: 699,
    copies: 4,
    language: "en",
  },
  {
    title: "Man and Superman",
    author: "George Bernard Shaw",
    year: 1903,
    category: "drama",
    description:
      "Jack Tanner, a revolutionary writer, finds himself named guardian of the determined Ann Whitefield and tries to escape her plans for him. George Bernard Shaw's sparkling comedy of ideas includes the famous dream interlude known as Don Juan in Hell.",
    price: 949,
    copies: 1,
    language: "en",
  },
  {
    title: "Faust: Part One",
    author: "Johann Wolfgang von Goethe",
    year: 1808,
    category: "drama",
    description:
      "The scholar Faust, weary of learning, makes a wager with the devil Mephistopheles for a taste of true experience, and his pursuit leads him to the young Gretchen. Johann Wolfgang von Goethe's poetic drama is a cornerstone of German literature.",
    price: 299,
    copies: 3,
    language: "en",
  },
  {
    title: "She Stoops to Conquer",
    author: "Oliver Goldsmith",
    year: 1773,
    category: "drama",
    description:
      "Young Marlow is bold with barmaids but tongue-tied with ladies, so lively Kate Hardcastle poses as a servant to win him, while a prank convinces him her father's house is an inn. Oliver Goldsmith's comedy of mistakes remains a joyful romp.",
    price: 349,
    copies: 3,
    language: "en",
  },
  {
    title: "Doctor Faustus",
    author: "Christopher Marlowe",
    year: 1604,
    category: "drama",
    description:
      "Christopher Marlowe's powerful tragedy tells of the German scholar who bargains his soul with Lucifer in exchange for twenty-four years of knowledge, power and pleasure, served by the devil Mephistopheles. Its soaring verse still thrills readers and audiences.",
    price: 399,
    copies: 2,
    language: "en",
  },
  {
    title: "R.U.R. (Rossum's Universal Robots)",
    author: "Karel Čapek",
    year: 1920,
    category: "drama",
    description:
      "In a factory on a remote island, artificial workers called robots are produced to free humanity from toil, and a visiting idealist hopes to improve their lot. Karel Čapek's inventive play introduced the word robot to the world and asks what we owe the beings we make.",
    price: 249,
    copies: 5,
    language: "en",
  },
  {
    title: "The Playboy of the Western World",
    author: "J. M. Synge",
    year: 1907,
    category: "drama",
    description:
      "A stranger walks into a County Mayo pub claiming he has killed his father, and the locals, far from shocked, treat him as a hero. J. M. Synge's lyrical, comic play caused riots at its Abbey Theatre premiere and is now an Irish classic.",
    price: 199,
    copies: 5,
    language: "en",
  },
  // Short Stories
  {
    title: "Tales of the Grotesque and Arabesque",
    author: "Edgar Allan Poe",
    year: 1840,
    category: "short-stories",
    description:
      "Edgar Allan Poe's first collection of tales gathers stories of horror, satire and the uncanny, including The Fall of the House of Usher and Ligeia. Dark, elegant and precise, these pieces show the master of the macabre at the height of his powers.",
    price: 499,
    copies: 4,
    language: "en",
  },
  {
    title: "Dubliners",
    author: "James Joyce",
    year: 1914,
    category: "short-stories",
    description:
      "Fifteen stories of ordinary lives in Dublin at the turn of the twentieth century, moving from childhood through adolescence and maturity to public life. James Joyce's precise and compassionate collection closes with The Dead, one of the finest stories in English.",
    price: 549,
    copies: 5,
    language: "en",
  },
  {
    title: "Winesburg, Ohio",
    author: "Sherwood Anderson",
    year: 1919,
    category: "short-stories",
    description:
      "Through linked tales of the residents of a small Ohio town, many of them confided to the young reporter George Willard, Sherwood Anderson reveals the loneliness and longing hidden beneath everyday routine. His collection helped shape the modern American short story.",
    price: 899,
    copies: 3,
    language: "en",
  },
  {
    title: "The Lady with the Dog and Other Stories",
    author: "Anton Chekhov",
    year: 1917,
    category: "short-stories",
    description:
      "Constance Garnett's translations of some of Anton Chekhov's finest later stories, led by the title tale of a chance holiday romance in Yalta. Understated and deeply humane, these stories capture ordinary people with extraordinary insight.",
    price: 749,
    copies: 2,
    language: "en",
  },
  {
    title: "The Happy Prince and Other Tales",
    author: "Oscar Wilde",
    year: 1888,
    category: "short-stories",
    description:
      "Oscar Wilde's first collection of fairy tales includes the title story of a jewelled statue and a devoted swallow, along with The Nightingale and the Rose and The Selfish Giant. Written with wit and tenderness, these tales move adult readers as much as children.",
    price: 399,
    copies: 3,
    language: "en",
  },
  {
    title: "The Four Million",
    author: "O. Henry",
    year: 1906,
    category: "short-stories",
    description:
      "O. Henry's collection of stories about the ordinary people of New York, the four million of its population rather than the fashionable four hundred. It includes The Gift of the Magi and shows off his warmth, wordplay and knack for a surprise.",
    price: 599,
    copies: 5,
    language: "en",
  },
  {
    title: "The Garden Party and Other Stories",
    author: "Katherine Mansfield",
    year: 1922,
    category: "short-stories",
    description:
      "Katherine Mansfield's subtle stories capture fleeting moments of feeling, from a family's preparations for a summer party to the quiet lives of two lonely sisters. This collection, published the year before her death, shows her mastery of the modern short story.",
    price: 649,
    copies: 3,
    language: "en",
  },
  {
    title: "Just So Stories",
    author: "Rudyard Kipling",
    year: 1902,
    category: "short-stories",
    description:
      "How did the leopard get his spots, and the elephant his trunk? Rudyard Kipling's playful fables answer such questions in rhythmic, teasing prose written for reading aloud and illustrated by the author himself. A delight for children and the adults reading to them.",
    price: 849,
    copies: 4,
    language: "en",
  },
  {
    title: "The Sketch Book of Geoffrey Crayon, Gent.",
    author: "Washington Irving",
    year: 1819,
    category: "short-stories",
    description:
      "Washington Irving's miscellany of essays and tales, written under the pen name Geoffrey Crayon, includes the much-loved Rip Van Winkle and The Legend of Sleepy Hollow. Gently humorous and atmospheric, it was one of the first American books to win fame in Europe.",
    price: 299,
    copies: 2,
    language: "en",
  },
  {
    title: "Twice-Told Tales",
    author: "Nathaniel Hawthorne",
    year: 1837,
    category: "short-stories",
    description:
      "Nathaniel Hawthorne's first collection under his own name gathers allegorical tales and sketches of New England, including The Minister's Black Veil. Brooding and elegant, these stories explore sin, secrecy and the long shadow of the Puritan past.",
    price: 199,
    copies: 1,
    language: "en",
  },
  {
    title: "Ghost Stories of an Antiquary",
    author: "M. R. James",
    year: 1904,
    category: "short-stories",
    description:
      "M. R. James, a Cambridge scholar, wrote these tales to read aloud to friends at Christmas, and they set the standard for the English ghost story. Dusty libraries, old manuscripts and quiet cathedral towns hide terrors that creep up with chilling precision.",
    price: 349,
    copies: 2,
    language: "en",
  },
  {
    title: "The Yellow Wallpaper",
    author: "Charlotte Perkins Gilman",
    year: 1892,
    category: "short-stories",
    description:
      "Confined to an upstairs nursery for a rest cure prescribed by her physician husband, a young mother becomes fixated on the room's strange yellow wallpaper. Charlotte Perkins Gilman's short, unsettling story is a landmark of feminist literature and psychological horror.",
    price: 899,
    copies: 1,
    language: "en",
  },
];
