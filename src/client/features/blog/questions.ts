/** The blog's four questions, the seed's topics, answered plainly. */
export interface BlogQuestion {
  id: string;
  question: string;
  answer: string[];
}

export const blogQuestions: BlogQuestion[] = [
  {
    id: "state-management",
    question: "What are the different ways to manage state in a React application?",
    answer: [
      "Start with local state: useState for simple values and useReducer when several values change together. When siblings need the same value, lift it to their closest common parent and pass it down as props.",
      "Context shares a value with a whole subtree without passing props through every level; it suits data that changes rarely, such as the theme or the signed-in user. For app-wide client state that changes often, a store such as Redux Toolkit, Zustand or Jotai lets components subscribe to just the slice they read.",
      "Data that comes from a server is a different kind of state: a library such as TanStack Query caches it, refetches it and tracks loading and errors. State that belongs in the address, such as filters or the current page, lives in the URL through the router.",
    ],
  },
  {
    id: "prototypal-inheritance",
    question: "How does prototypal inheritance work?",
    answer: [
      "Every JavaScript object has a hidden link, [[Prototype]], to another object or to null. When you read a property the object doesn't have, the engine follows that link and looks on the prototype, then on the prototype's prototype, until it finds the property or reaches null. This chain is how objects share behaviour.",
      "Object.create(proto) makes an object whose prototype is proto. A constructor function called with new gives the new object the function's prototype property as its prototype, so methods defined there are shared by every instance instead of copied.",
      "The class syntax is built on the same mechanism: extends links one prototype to another. Writing a property always creates it on the object itself, which shadows the inherited one without changing the prototype.",
    ],
  },
  {
    id: "unit-tests",
    question: "What is a unit test? Why should we write unit tests?",
    answer: [
      "A unit test checks one small piece of code, such as a function, a hook or a component, in isolation: it gives the piece known input and asserts on the result. Tools like Vitest or Jest run such tests in seconds, and React Testing Library checks a component the way a user sees it.",
      "Unit tests catch mistakes at the moment they are made, long before a customer meets them. They let you refactor with confidence, because a change that breaks behaviour turns a test red. They also document how the code is meant to be used, and code that is easy to test tends to be small and loosely coupled.",
      "Unit tests don't replace integration and end-to-end tests, which check that the pieces work together.",
    ],
  },
  {
    id: "react-angular-vue",
    question: "React vs. Angular vs. Vue?",
    answer: [
      "React is a library for building user interfaces from components written in JSX. It renders the view and leaves routing, data fetching and forms to libraries you choose, which gives freedom at the cost of more decisions.",
      "Angular is a complete framework from Google, written in TypeScript, with dependency injection, a router, forms, an HTTP client and a command-line tool built in. Its conventions suit large teams that want one way of doing things, but it has the steepest learning curve.",
      "Vue sits between the two: a progressive framework with HTML-based templates and fine-grained reactivity, plus an official router and store. It is known for gentle learning and clear documentation. All three are fast and mature; the team's experience usually matters more than the choice.",
    ],
  },
];
