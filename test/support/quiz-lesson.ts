// A small lesson with one chapter of five exercises, for the learning tests, and a helper that puts
// it in the LESSONS bucket the way save_document does.
export const QUIZ_LESSON = `# Derivatives

## Chapter 1: The derivative

### Objectives
- Compute the derivative of a power.

### Key Concepts
| Concept | Meaning |
|---|---|
| Derivative | The instantaneous rate of change of a function |
| Power rule | The derivative of $x^n$ is $n x^{n-1}$ |
| Tangent line | The line that touches a curve at one point with the same slope |

### Explanation
#### Why it matters
Speeds, growth and slopes are derivatives. This sentence is only in the lesson, never in a grading request.
#### Core content
The derivative is the limit of difference quotients.
#### Formula or code
$(x^n)' = n x^{n-1}$
#### Common mistakes
- Forgetting to lower the exponent.

### Example 1: A power
$(x^3)' = 3x^2$.

### Summary
- The power rule lowers the exponent.

### Further Questions
- What is the derivative of a constant?

### Exercises
#### Exercise 1.1 (Multiple choice)
What does the derivative measure?
- A. The value of a function
- B. The instantaneous rate of change
- C. The area under a curve
- D. The average of a function

#### Exercise 1.2 (Multiple choice)
Which is the slope of the tangent line of $x^2$ at $x = 1$?
- A. 1
- B. 2
- C. 3
- D. 4

#### Exercise 1.3 (Fill in the blank)
By the power rule, the derivative of $x^5$ is ____ .

#### Exercise 1.4 (Short answer)
Why does the power rule lower the exponent by one?

#### Exercise 1.5 (Practice task)
Differentiate $4x^3 - 2x$ and check your result at $x = 1$.

## Answer Key

### Exercise 1.1
**Answer:** B
**Explanation:** The derivative is the instantaneous rate of change.

### Exercise 1.2
**Answer:** B
**Explanation:** The derivative $2x$ is 2 at $x = 1$.

### Exercise 1.3
**Answer:** $5x^4$
**Accepted:** 5x⁴; 5 x^4
**Explanation:** Multiply by 5 and lower the exponent.

### Exercise 1.4
**Answer:** Each factor of $x$ is differentiated once, so one factor goes and its count comes in front.
**Explanation:** A good answer mentions the product of $n$ factors and that one factor is removed.

### Exercise 1.5
**Answer:** $12x^2 - 2$, which is 10 at $x = 1$.
**Explanation:** The learner applies the power rule to each term and checks the value.

## Sources
1. [Derivative](https://en.wikipedia.org/wiki/Derivative)
`;

/** Stores `markdown` as lesson `key` (metadata as save_document writes it; `tenant` is the owner's, none: the admin's). */
export async function putLesson(bucket: R2Bucket, key: string, markdown = QUIZ_LESSON, tenant?: string, createdAt = new Date().toISOString()): Promise<void> {
  await bucket.put(`lessons/${key}`, markdown, {
    httpMetadata: { contentType: "text/markdown; charset=utf-8" },
    customMetadata: {
      title: "Derivatives",
      topic: "calculus",
      session: "test",
      createdAt,
      bytes: String(markdown.length),
      status: "final",
      format: "md",
      ...(tenant ? { tenant } : {}),
    },
  });
}
