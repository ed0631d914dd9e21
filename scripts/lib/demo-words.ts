/** Words the demo data is made of: names, companies, zones and what people write. */

export const FIRST_NAMES = (
  "Aarav Abigail Adebayo Aiko Alejandro Amara Ananya Andrei Aroha Beatriz Benjamin Chen Chloé " +
  "Daniel Diego Elena Emeka Emma Fatima Felix Grace Hannah Hiroshi Ingrid Isabella Ivan Jamal " +
  "Javier Ji-woo Julia Kavya Kwame Lars Leila Liam Lucas Maria Mateo Mei Mohammed Nadia Noah Nour " +
  "Olivia Omar Priya Rafael Rania Ravi Rosa Samuel Sara Sebastián Sofia Tariq Thandiwe Tomás " +
  "Valentina Wei Yusuf Zara Zoe Ethan Amelia Oscar Freya Arjun Ines Kenji Lucia"
).split(" ");
export const LAST_NAMES = (
  "Adeyemi Almeida Andersson Bauer Brown Castillo Chen Cohen Costa Dubois Eriksen Fernández Fischer " +
  "García Gupta Haddad Hansen Hernández Ito Jensen Johnson Kim Kowalski Kumar Lee Lopez Martin " +
  "Mensah Meyer Moreau Müller Nakamura Nguyen Novak Okafor Oliveira Park Patel Petrov Rossi Santos " +
  "Schmidt Shah Silva Singh Smith Tanaka Taylor Thompson Walker Wang Weber Williams Wilson Yamamoto " +
  "Yilmaz Zhang Zimmermann O'Brien Ivanova"
).split(" ");
export const DOMAINS = (
  "gmail.com outlook.com yahoo.com proton.me icloud.com acme.io northwind.com globex.co initech.com " +
  "umbrella.org hooli.xyz stark.industries"
).split(" ");
export const ZONES = (
  "America/New_York America/New_York America/Chicago America/Los_Angeles America/Denver " +
  "America/Sao_Paulo Europe/London Europe/Berlin Europe/Paris Asia/Kolkata Asia/Kolkata Asia/Tokyo " +
  "Asia/Singapore Australia/Sydney Africa/Lagos UTC"
).split(" ");
export const MESSAGES = [
  "Looking forward to it!",
  "Could we also touch on pricing for larger teams?",
  "I might be a couple of minutes late, sorry in advance.",
  "Happy to share my screen with the current setup.",
  "My colleague may join as well.",
  "We are comparing a few tools this month.",
  "Following up on our email thread.",
  "Please send the agenda beforehand if possible.",
];
export const ANSWERS: Record<string, readonly string[]> = {
  "What would you like to discuss?": [
    "Migrating our team calendar from another tool.",
    "Pricing and onboarding for 25 people.",
    "Whether the booking page can match our brand.",
    "Round-robin scheduling for our sales team.",
    "Integrations with our CRM.",
  ],
  "Company name": [
    "Acme Corp",
    "Northwind Traders",
    "Globex",
    "Initech",
    "Umbrella Health",
    "Hooli",
    "Stark Labs",
  ],
  "What is your main goal for this session?": [
    "Plan the Q3 launch.",
    "Cut no-shows in half.",
    "Set up workflows for reminders.",
    "Review last quarter's numbers.",
  ],
};
export const CANCEL_NOTES = [
  "Something came up at work.",
  "Travelling that week.",
  "We decided to postpone the project.",
  "Double-booked on my side.",
];
