/** The four client testimonials (home page teaser and /testimonials). Every rating is 5. */
export interface Testimonial {
  name: string;
  company: string;
  role: string;
  content: string;
  rating: 5;
}

export const testimonials: readonly Testimonial[] = [
  {
    name: "Sarah Whitfield",
    company: "Dreamwell Property Management",
    role: "Managing Director",
    content:
      "Redbrick rebuilt our brand and website in a week and a bit. Landlord enquiries through the site went up within the first month, and we can finally update listings ourselves.",
    rating: 5,
  },
  {
    name: "James Okafor",
    company: "Guest Favourite",
    role: "Founder",
    content:
      "They understood the luxury feel we wanted straight away. Guests now book direct instead of through the big platforms, which saves us real money on every stay.",
    rating: 5,
  },
  {
    name: "Priya Shah",
    company: "Amco Real Estate",
    role: "Sales Manager",
    content:
      "The valuation form alone paid for the redesign. It is simple for homeowners to use and every request lands with us straight away with the details we need.",
    rating: 5,
  },
  {
    name: "Daniel Levy",
    company: "Vine Street Synagogue",
    role: "Trustee",
    content:
      "Patient, clear and quick. Our volunteers can post events and news without help, and members tell us the new site is far easier to find their way around.",
    rating: 5,
  },
];
